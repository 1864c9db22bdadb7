import type { Account } from '../core/auth/account-directory';
import { findAccount } from '../accounts';
import { isoTimestamp, ownerNow } from '../core/clock';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { businessRule, forbidden } from '../core/errors/classes';
import { newId } from '../core/ids';
import { heldTransfer, postPending, voidPending, type PendingTransfer } from '../core/ledger/transfers';
import { commitWithTimer } from '../core/timers';
import { webhookEventSteps } from '../core/webhooks/outbox';
import { findAliasOwner } from './aliases';
import { assetTransferEntity, claimBy, claimEntity, type StoredAssetTransfer } from './entities';
import { receivingSide } from './sendable';
import { findAssetTransfer, present } from './transfer-store';

// Every change of a transfer is a versioned replace (assetTransferEntity.replaceStep): of concurrent
// claims, cancels, expiries and returns exactly one wins; the others re-read and meet its state.

/** States in which a transfer still holds its value: it can be claimed, cancelled or returned. */
export const OPEN_STATUSES: readonly StoredAssetTransfer['status'][] = ['created', 'sent'];
const isOpen = (transfer: StoredAssetTransfer) => OPEN_STATUSES.includes(transfer.status);

/** A finished transfer keeps no personal data: the alias stays masked, where it was last sent and the message go. */
function scrubbed(transfer: StoredAssetTransfer): StoredAssetTransfer {
  const { awaitingAlias: _alias, lastSentTo: _sentTo, message: _message, ...rest } = transfer;
  return rest;
}

const holding = (transfer: StoredAssetTransfer): Promise<PendingTransfer> =>
  heldTransfer(`asset transfer ${transfer.id}`, transfer.pendingTransferId);

/**
 * Moves an unclaimed transfer on when its time has come, one step at a time. At its `expiresAt` it becomes
 * `expired`: no longer claimable, its value still held, and a timer set for its return. At `returnAt` (two weeks
 * after it was made, or its `expiresAt` if later) an open or expired transfer goes back to its sender: the pending
 * transfer is voided, so the whole remaining value is available again, the transfer is `returned`, and the sender's
 * webhooks are notified (`asset-transfer:returned`), all in one transaction. Timers call it at the due times; every
 * read calls it too, so a late timer loses nothing. Answers the transfer as it now stands.
 */
async function settleIfDue(transfer: StoredAssetTransfer, now: Date): Promise<StoredAssetTransfer> {
  const due = (at: string) => Date.parse(at) <= now.getTime();
  if ((isOpen(transfer) || transfer.status === 'expired') && due(transfer.returnAt))
    return returnToSender(transfer, now);
  if (isOpen(transfer) && due(claimBy(transfer))) return expire(transfer, now);
  return transfer;
}

async function expire(transfer: StoredAssetTransfer, now: Date): Promise<StoredAssetTransfer> {
  const at = isoTimestamp(now);
  const next: StoredAssetTransfer = { ...scrubbed(transfer), status: 'expired', updatedAt: at };
  const timer = { kind: 'asset-transfer-return' as const, id: transfer.id, accountId: transfer.senderAccountId };
  await commitWithTimer([assetTransferEntity.replaceStep(transfer, next)], { ...timer, dueAt: transfer.returnAt }, now);
  return { ...next, version: transfer.version + 1 };
}

async function returnToSender(transfer: StoredAssetTransfer, now: Date): Promise<StoredAssetTransfer> {
  const at = isoTimestamp(now);
  const next: StoredAssetTransfer = { ...scrubbed(transfer), status: 'returned', returnedAt: at, updatedAt: at };
  const notice = webhookEventSteps(
    [
      {
        kind: 'notification',
        accountId: transfer.senderAccountId,
        test: transfer.liveness === 'test',
        type: 'asset-transfer:returned',
        data: present(next),
      },
    ],
    at,
  );
  await runTransaction([
    assetTransferEntity.replaceStep(transfer, next),
    ...voidPending(await holding(transfer), BigInt(transfer.remainingValue), at),
    ...notice.steps,
  ]);
  return { ...next, version: transfer.version + 1 };
}

/**
 * A transfer as it stands now (expired or returned first if due); undefined when there is none. Whoever reads it,
 * a claimant or the public page, its time is its sender's clock, as its timers' is: another account's test clock
 * neither returns nor expires it early, nor keeps it open past its time.
 */
export function loadAssetTransfer(id: string, now: Date): Promise<StoredAssetTransfer | undefined> {
  return retryOnConflict(async () => {
    const transfer = await findAssetTransfer(id);
    return transfer && settleIfDue(transfer, await ownerNow(transfer.senderAccountId, now, findAccount));
  });
}

/**
 * `link`: claimed through its claim page (a transfer with no recipient); `alias`: resolved for the account its alias
 * was verified for.
 */
export type ClaimRoute = 'link' | 'alias';

/**
 * Claims a transfer into `claimant`'s account: the claim's value (all of it; a multi-claim
 * transfer's flat amount, at most what remains) is posted from the pending transfer to the
 * claimant's wallet of its type (or, for a token, to the claimant's own copy, opened by the post),
 * in one transaction with the transfer's versioned update and the claimant's claim record, so of
 * concurrent claims each is applied once and none takes more than remains.
 */
export function claimAssetTransferFor(
  id: string,
  claimant: Account,
  route: ClaimRoute,
  by: string,
  now: Date,
): Promise<StoredAssetTransfer> {
  return retryOnConflict(async () => {
    const transfer = await loadAssetTransfer(id, now);
    if (!transfer) throw forbidden();
    if (!isOpen(transfer)) throw businessRule('ASSET_TRANSFER_INVALID_STATUS');
    // A claim page is for others: not the sender's own; one sent to an alias only by the account it is verified for.
    if (route === 'link' && (transfer.senderAccountId === claimant.id || !(await mayClaimByLink(transfer, claimant))))
      throw businessRule('ASSET_TRANSFER_INVALID_RECIPIENT');
    if ((claimant.test === true) !== (transfer.liveness === 'test'))
      throw businessRule('ASSET_TRANSFER_INVALID_RECIPIENT');
    const previous = await claimEntity.get(transfer.id, claimant.id);
    const claims = (previous?.claims ?? 0) + 1;
    const limit =
      transfer.claimConditions?.reduce((least, c) => Math.min(least, Number(c.params?.limit ?? Infinity)), Infinity) ??
      Infinity;
    if (transfer.claimType === 'multi' && claims > limit) throw businessRule('ASSET_TRANSFER_CLAIM_CONDITIONS_NOT_MET');

    const remaining = BigInt(transfer.remainingValue);
    const flat =
      transfer.claimType === 'multi'
        ? BigInt(transfer.valueConfig?.params?.amount ?? transfer.remainingValue)
        : remaining;
    const amount = flat < remaining ? flat : remaining;
    const left = remaining - amount;
    const at = isoTimestamp(now);
    const pending = await holding(transfer);
    const to = await receivingSide(transfer, claimant, by, now, at);
    const single = transfer.claimType !== 'multi';
    const next: StoredAssetTransfer = {
      ...(left === 0n ? scrubbed(transfer) : transfer),
      ...(left === 0n ? { status: 'claimed' as const } : {}),
      ...(single ? { recipientAccountId: claimant.id, claimedByAccountId: claimant.id } : {}),
      remainingValue: left.toString(),
      claimCount: transfer.claimCount + 1,
      updatedAt: at,
    };
    const claim = {
      assetTransferId: transfer.id,
      accountId: claimant.id,
      claims,
      amount: (BigInt(previous?.amount ?? '0') + amount).toString(),
      transferCreatedAt: transfer.createdAt,
      claimedAt: at,
    };
    await runTransaction([
      assetTransferEntity.replaceStep(transfer, next),
      // The transfer's own versioned replace orders concurrent claims: the claim record is written as is.
      claimEntity.putStep(claim),
      ...postPending(pending, { id: newId(), amount, remaining }, at, to),
    ]);
    return { ...next, version: transfer.version + 1 };
  });
}

/** Anyone may claim a transfer without a recipient by its link; one to an alias, only the alias's verified account. */
async function mayClaimByLink(transfer: StoredAssetTransfer, claimant: Account): Promise<boolean> {
  if (!transfer.recipientAlias) return true;
  return transfer.awaitingAlias !== undefined && (await findAliasOwner(transfer.awaitingAlias)) === claimant.id;
}

/** The sender takes back what an open transfer still holds: the pending transfer is voided with the cancellation. */
export function cancelAssetTransferBy(
  id: string,
  mayCancel: (transfer: StoredAssetTransfer) => Promise<unknown>,
  now: Date,
): Promise<StoredAssetTransfer> {
  return retryOnConflict(async () => {
    const transfer = await loadAssetTransfer(id, now);
    if (!transfer) throw forbidden();
    await mayCancel(transfer);
    if (!isOpen(transfer)) throw businessRule('INVALID_ASSET_TRANSFER_STATUS');
    const at = isoTimestamp(now);
    const next: StoredAssetTransfer = { ...scrubbed(transfer), status: 'cancelled', updatedAt: at };
    await runTransaction([
      assetTransferEntity.replaceStep(transfer, next),
      ...voidPending(await holding(transfer), BigInt(transfer.remainingValue), at),
    ]);
    return { ...next, version: transfer.version + 1 };
  });
}
