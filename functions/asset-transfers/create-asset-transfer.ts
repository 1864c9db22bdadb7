import type { FromSchema } from 'json-schema-to-ts';
import type { createAssetTransferBody } from './schemas';
import { findAccount } from '../accounts';
import type { Account } from '../core/auth/account-directory';
import { findLoyaltyProgram } from '../loyalty-programs';
import { spendAccess } from '../wallet-assets';
import { isoTimestamp, ownerNow } from '../core/clock';
import { config } from '../core/config';
import { badRequest, businessRule, forbidden } from '../core/errors/classes';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import { idempotentReply } from '../core/http/response';
import { optionallyIdempotent } from '../core/idempotency';
import { pendingTransfer, type AssetSide, type RuleCodes } from '../core/ledger/transfers';
import { notificationStep } from '../core/notifications/outbox';
import { commitWithTimer } from '../core/timers';
import { findAliasOwner } from './aliases';
import { assetTransferEntity, claimBy, type StoredAssetTransfer } from './entities';
import { findSendable, type Sendable } from './sendable';
import { claimAssetTransferFor, loadAssetTransfer, OPEN_STATUSES } from './settle';
import { maskAlias, normalizeAlias, present } from './transfer-store';

type Body = FromSchema<typeof createAssetTransferBody>;

/** An unclaimed transfer goes back to its sender after two weeks (or at its own `expiresAt`, if later). */
const RETURN_AFTER_MS = 14 * 24 * 3600 * 1000;

/**
 * Where a transfer's pending value would go: nowhere until someone claims it. Each claim posts to
 * the claimant's own asset (core's postPending names the side), and a cancel or return voids it, so
 * this side never receives anything.
 */
const UNCLAIMED: AssetSide = { assetId: 'system-asset-transfers-unclaimed', mode: 'system' };

const MONEY_CODES: Partial<RuleCodes> = {
  missing: 'ASSET_NOT_ACTIVE',
  inactive: 'ASSET_NOT_ACTIVE',
  insufficient: 'INSUFFICIENT_WALLET_BALANCE',
};
const TOKEN_CODES: Partial<RuleCodes> = {
  missing: 'ASSET_NOT_ACTIVE',
  inactive: 'ASSET_NOT_ACTIVE',
  insufficient: 'ASSET_NOT_ACTIVE',
};

/**
 * Sends money (in part, from a wallet) or a token (whole) to a recipient alias, or with none to a
 * claim page (tokens, and money shared as a multi-claim transfer). The value is held from now by a
 * pending transfer on the sender's asset, in one transaction with the transfer and, for an alias no
 * account has verified, the email or text message that tells the recipient (unless suppressed); a
 * return timer is set for when it is due. An alias already verified for an account completes it at once.
 * With an `Idempotency-Key` a retry sends nothing more: it answers the transfer as it now stands, and completes
 * one to a verified alias whose claim a failure cut short.
 */
export const createAssetTransfer = authedOperation<Body>(async ({ body, headers, auth, now }) => {
  let created: Created | undefined;
  const sent = await optionallyIdempotent<Sent>(
    headers,
    { accountId: auth.principal.accountId, operation: 'createAssetTransfer', command: body },
    async (ctx) => {
      created = await send(body, auth, now, ctx);
      return sentOf(created);
    },
  );
  const recipient =
    created?.recipient ??
    (sent.response.recipientAccountId ? await findAccount(sent.response.recipientAccountId) : undefined);
  const transfer = created?.transfer ?? (await loadAssetTransfer(sent.response.id, now));
  if (!transfer) throw new Error(`asset transfer ${sent.response.id} answered for a key is not stored`);
  const delivered =
    recipient && OPEN_STATUSES.includes(transfer.status)
      ? await claimAssetTransferFor(transfer.id, recipient, 'alias', auth.principal.crn, now)
      : transfer;
  return idempotentReply({ response: present(delivered), replayed: sent.replayed });
});

/** What a create keeps for its key: the transfer, and the account it goes to at once (an alias verified for it). */
interface Sent {
  id: string;
  recipientAccountId?: string;
}

interface Created {
  transfer: StoredAssetTransfer;
  recipient?: Account;
}

const sentOf = ({ transfer, recipient }: Created): Sent => ({
  id: transfer.id,
  ...(recipient ? { recipientAccountId: recipient.id } : {}),
});

type Context = Parameters<Parameters<typeof optionallyIdempotent<Sent>>[2]>[0];

/** Checks and writes a transfer: its record, its hold and its recipient's message, with the key's record if any. */
async function send(body: Body, auth: AuthedRequest['auth'], now: Date, { derive, record }: Context): Promise<Created> {
  // Sending an asset spends it: a role without `assets:spend` is refused before anything is read.
  const spend = spendAccess(auth.access);
  const asset = await findSendable(body.assetId, now);
  if (!asset) throw forbidden();
  await auth.access.account(asset.accountId);
  await spend.account(asset.accountId);
  if (!asset.transferable) throw businessRule('INVALID_ASSET_TYPE');
  if (!asset.active) throw businessRule('ASSET_NOT_ACTIVE');
  if (body.loyaltyProgramId) {
    const program = await findLoyaltyProgram(body.loyaltyProgramId);
    // The sender's own program: another account's answers like a missing one (programs are read by their own account
    // only).
    if (!program || program.accountId !== asset.accountId || program.test !== (asset.liveness === 'test'))
      throw businessRule('LOYALTY_PROGRAM_NOT_FOUND');
  }
  const terms = transferTerms(body, asset);
  const alias = body.recipientAlias === undefined ? undefined : normalizeAlias(body.recipientAlias);
  if (!alias && asset.kind === 'money' && terms.claimType === 'single') throw businessRule('RECIPIENT_MISSING');
  if (alias && terms.claimType === 'multi')
    throw badRequest('a multi-claim transfer is claimed through its page: it takes no recipientAlias');
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : undefined;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw badRequest('expiresAt must be in the future');
  // Expired or simply unclaimed, its value goes back two weeks after it was made (or when it expires, if later).
  const returnAt = new Date(Math.max(now.getTime() + RETURN_AFTER_MS, expiresAt?.getTime() ?? 0));

  const owner = alias ? await findAliasOwner(alias) : undefined;
  const recipient = owner ? await findAccount(owner) : undefined;
  // The alias's account claims it at once below: one of the other liveness could not, so nothing is written for it.
  if (recipient && (recipient.test === true) !== (asset.liveness === 'test'))
    throw businessRule('ASSET_TRANSFER_INVALID_RECIPIENT');

  const at = isoTimestamp(now);
  // Ids derived from the key (fresh without one): a concurrent duplicate meets the first on them.
  const id = derive('transfer');
  const suppressed = body.suppressNotification === true;
  const transfer: StoredAssetTransfer = {
    id,
    // `sent` once its recipient's message was accepted (mark-sent.ts, by the notifications consumer).
    status: 'created',
    value: terms.value.toString(),
    assetId: asset.assetId,
    assetType: asset.assetType,
    ...(asset.collectionId ? { assetCollectionId: asset.collectionId } : {}),
    description: body.description ?? asset.description,
    ...(body.message ? { message: body.message } : {}),
    ...(body.senderName ? { senderName: body.senderName } : {}),
    senderAccountId: asset.accountId,
    ...(alias ? { recipientAlias: maskAlias(alias), awaitingAlias: alias } : {}),
    // The claim page: a transfer without a recipient is claimed there by anyone, one to an alias by the account
    // the alias is verified for (the link its message carries).
    url: `${config().appBaseUrl}/transfer/${id}`,
    createdAt: at,
    updatedAt: at,
    suppressNotifications: suppressed,
    claimType: terms.claimType,
    ...(terms.valueConfig ? { valueConfig: terms.valueConfig } : {}),
    ...(terms.claimConditions ? { claimConditions: terms.claimConditions } : {}),
    remainingValue: terms.value.toString(),
    ...(expiresAt ? { expiresAt: isoTimestamp(expiresAt) } : {}),
    ...(body.loyaltyProgramId ? { loyaltyProgramId: body.loyaltyProgramId } : {}),
    version: 1,
    assetKind: asset.kind,
    currency: asset.currency,
    liveness: asset.liveness,
    pendingTransferId: derive('hold'),
    returnAt: isoTimestamp(returnAt),
    claimCount: 0,
  };
  const hold = await pendingTransfer(
    {
      id: transfer.pendingTransferId,
      kind: 'asset-transfer',
      debit: { assetId: asset.assetId, mode: 'single' },
      credit: UNCLAIMED,
      amount: terms.value,
      currency: asset.currency,
      liveness: asset.liveness,
      refs: { assetTransferId: id },
      debitCodes: asset.kind === 'money' ? MONEY_CODES : TOKEN_CODES,
      // Money sent counts against the sender's spend quota when sent (a cancel or return gives no usage back); tokens
      // count against none.
      ...(asset.kind === 'money'
        ? {
            quota: {
              type: 'spend' as const,
              accountId: asset.accountId,
              assetType: asset.assetType,
              at: isoTimestamp(await ownerNow(asset.accountId, now, findAccount)),
            },
          }
        : {}),
    },
    at,
  );
  // Only a recipient no account has verified the alias of is told (and so can sign up and claim it).
  const notice = alias && !owner && !suppressed ? [recipientNotice(transfer, alias, asset)] : [];
  // Its first timer is due when it can no longer be claimed (expiry sets the return's). Reads expire and return a due
  // transfer themselves: a lost timer only delays it to the next read.
  await commitWithTimer(
    [
      assetTransferEntity.createStep(transfer),
      ...hold,
      ...notice,
      ...(record ? [record(sentOf({ transfer, recipient }))] : []),
    ],
    { kind: 'asset-transfer-return', id, accountId: asset.accountId, dueAt: claimBy(transfer) },
    now,
  );
  return { transfer, ...(recipient ? { recipient } : {}) };
}

interface Terms {
  value: bigint;
  claimType: 'single' | 'multi';
  valueConfig?: { type: string; params: { amount: string } };
  claimConditions?: { type: string; params: { period: string; limit: string } }[];
}

/** What is sent and how it is claimed: a token whole and once; money in part, per claim for a multi-claim transfer. */
function transferTerms(body: Body, asset: Sendable): Terms {
  const claimType = body.claimType ?? 'single';
  if (asset.kind === 'token') {
    if (claimType === 'multi') throw badRequest('a token moves whole: claimType multi needs a money asset');
    return { value: 1n, claimType };
  }
  if (body.value === undefined) throw badRequest('value is required for money transfers');
  const value = BigInt(body.value);
  if (claimType === 'single') return { value, claimType };
  if (!body.valueConfig) throw badRequest('valueConfig is required for claimType multi');
  const each = BigInt(body.valueConfig.params.amount);
  if (each > value) throw badRequest('valueConfig.params.amount must not exceed value');
  return {
    value,
    claimType,
    valueConfig: { type: body.valueConfig.type, params: { amount: each.toString() } },
    ...(body.claimConditions
      ? {
          claimConditions: body.claimConditions.map((c) => ({
            type: c.type,
            params: { period: c.params.period, limit: String(c.params.limit) },
          })),
        }
      : {}),
  };
}

/** The message telling an alias what was sent (email, or a text message to a phone number), with the claim link. */
function recipientNotice(transfer: StoredAssetTransfer, alias: string, asset: Sendable) {
  return notificationStep(
    {
      channel: alias.startsWith('+') ? 'sms' : 'email',
      to: alias,
      template: 'asset-transfer',
      data: {
        assetTransferId: transfer.id,
        what: asset.kind === 'token' ? (transfer.description ?? asset.description) : moneyText(transfer, asset),
        ...(transfer.senderName ? { senderName: transfer.senderName } : {}),
        ...(transfer.message ? { message: transfer.message } : {}),
      },
      subject: { kind: 'asset-transfer', id: transfer.id },
      test: transfer.liveness === 'test',
    },
    transfer.createdAt,
  );
}

/** An amount in minor units as people read it: NZD 12.50 (the currency's own decimals). */
function moneyText(transfer: StoredAssetTransfer, asset: Sendable): string {
  const digits = currencyDigits(asset.currency);
  const value = BigInt(transfer.value);
  const scale = 10n ** BigInt(digits);
  const fraction = digits ? `.${(value % scale).toString().padStart(digits, '0')}` : '';
  return `${asset.currency} ${value / scale}${fraction}`;
}

function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}
