import {
  accountExternalIdPartition,
  accountTokensPartition,
  tokenEntity,
  tokenExternalIdEntity,
  TOKEN_CURRENCY,
  type StoredToken,
  type Token,
  type TokenCollection,
} from './entities';
import { token as tokenSchema } from './schemas';
import { tokenExpiry } from './token-expiry';
import { config } from '../core/config';
import { isoTimestamp } from '../core/clock';
import { publicView } from '../core/db/entity';
import { newestBefore } from '../core/db/pagination';
import { runTransaction, type TransactionStep } from '../core/db/transaction';
import { businessRule, forbidden, hasCode } from '../core/errors/classes';
import { idempotent } from '../core/idempotency';
import { ledgerDb, readLedgerItem, toAmount } from '../core/ledger/ledger-db';
import { postedTransfer, type AssetSide } from '../core/ledger/transfers';
import type { Amount } from '../core/money';

/** A token is one unit of its collection's value: issued, spent and returned whole. */
export const ONE_TOKEN: Amount = 1n;

/** The platform's issuance asset of a collection: the counterpart of every token it issues. */
const issuanceSide = (collectionId: string): AssetSide => ({
  assetId: `system-token-issuance-${collectionId}`,
  mode: 'system',
});
/** Where a collection's spent tokens go; refunds take them back from here. */
export const redemptionsSide = (collectionId: string): AssetSide => ({
  assetId: `system-token-redemptions-${collectionId}`,
  mode: 'system',
});

/** The asset type of a liveness's tokens. */
export const tokenAssetType = (liveness: 'main' | 'test') => `${config().assetPrefix}.token.${liveness}`;

export interface NewToken {
  collection: TokenCollection;
  accountId: string;
  liveness: 'main' | 'test';
  idempotencyKey: string;
  externalId?: string;
}

/**
 * Issues a token into an account: its asset is opened by a one-unit transfer from the collection's
 * issuance asset, with the idempotency record (and the externalId guard) in the same transaction.
 * The key belongs to the calling account; a repeated key answers TOKEN_ALREADY_CREATED, as does an
 * externalId the collection already issued, and never issues twice.
 */
export async function issueToken(
  input: NewToken,
  caller: { accountId: string; crn: string },
  now: Date,
): Promise<Token> {
  const { collection } = input;
  const command = {
    accountId: caller.accountId,
    operation: 'createToken',
    key: input.idempotencyKey,
    command: { collectionId: collection.id, accountId: input.accountId, externalId: input.externalId },
  };
  try {
    const issued = await idempotent<Token>(command, async ({ record, derive }) => {
      const { token, steps } = await tokenIssueSteps(
        { ...input, tokenId: derive('token'), transferId: derive('issue') },
        caller.crn,
        now,
      );
      await runTransaction([record(token), ...steps]);
      return token;
    });
    if (issued.replayed) throw businessRule('TOKEN_ALREADY_CREATED');
    return issued.response;
  } catch (error) {
    if (hasCode(error, 'IDEMPOTENT_OPERATION_FAILED')) throw businessRule('TOKEN_ALREADY_CREATED');
    throw error;
  }
}

/** A token to issue under ids its caller chose: the same ids can open the token once only. */
export type TokenIssue = Omit<NewToken, 'idempotencyKey'> & { tokenId: string; transferId: string };

/**
 * The steps that issue one token (its asset opened by the transfer from the collection's issuance asset, and the
 * externalId guard), for a caller's own transaction: the token's item is created on condition that its id is free,
 * and the transfer's entries are keyed by its id, so steps built twice from the same ids issue once.
 */
export async function tokenIssueSteps(
  input: TokenIssue,
  createdBy: string,
  now: Date,
): Promise<{ token: Token; steps: TransactionStep[] }> {
  const { collection } = input;
  const at = isoTimestamp(now);
  const expiresAt = tokenExpiry(collection, now);
  const stored: StoredToken = {
    id: input.tokenId,
    accountId: input.accountId,
    category: 'token',
    collectionId: collection.id,
    collectionType: collection.type,
    collectionName: collection.name,
    status: 'active',
    createdAt: at,
    activeFrom: at,
    ...(expiresAt ? { expiresAt: isoTimestamp(expiresAt) } : {}),
    liveness: input.liveness,
    createdBy,
    description: collection.name,
    ...(collection.issuer ? { issuer: collection.issuer } : {}),
    // The collection's branding logo is the issuer's image too: the only branding an issuer gives its tokens.
    ...(collection.img ? { img: collection.img, issuerImg: collection.img } : {}),
    type: tokenAssetType(input.liveness),
    ...(input.externalId ? { externalId: input.externalId } : {}),
    currency: TOKEN_CURRENCY,
  };
  const guard: TransactionStep[] = input.externalId
    ? [
        tokenExternalIdEntity.createStep(
          { scope: collection.id, externalId: input.externalId, ownerId: stored.id },
          { onExists: () => businessRule('TOKEN_ALREADY_CREATED') },
        ),
      ]
    : [];
  const transfer = await postedTransfer(
    {
      id: input.transferId,
      kind: 'token-issue',
      debit: issuanceSide(collection.id),
      credit: { assetId: stored.id, mode: 'single' },
      amount: ONE_TOKEN,
      currency: TOKEN_CURRENCY,
      refs: { collectionId: collection.id, tokenId: stored.id },
      openCredit: tokenEntity.item(stored),
    },
    at,
  );
  return { token: presentToken(stored), steps: [...guard, ...transfer] };
}

export interface TokenHolding {
  token: StoredToken;
  /** Units not spent nor held by a pending transfer: 1 while the token can be spent or sent. */
  available: Amount;
  balance: Amount;
}

/** A token and what it holds, read consistently; undefined for any other asset. */
export async function findToken(assetId: string): Promise<TokenHolding | undefined> {
  const stored = await readLedgerItem(tokenEntity.key(assetId));
  if (stored?.category !== 'token') return undefined;
  const { balance, available, pending: _pending, ...item } = stored;
  return { token: tokenEntity.parse(item), balance: toAmount(balance), available: toAmount(available ?? balance) };
}

/**
 * Archives a token: from then on it can be neither spent nor sent (both need an active token, and the engine refuses
 * an inactive asset); archiving an archived token answers it as it is. Not while a send holds it (INACTIVE_ASSET):
 * the held unit belongs to that transfer until it is claimed or cancelled.
 */
export async function archiveToken(assetId: string, mayArchive: (accountId: string) => Promise<unknown>) {
  const holding = await findToken(assetId);
  if (!holding) throw forbidden();
  await mayArchive(holding.token.accountId);
  const archived = await tokenEntity.update([assetId], {
    set: { status: 'archived' },
    if: { expression: 'attribute_not_exists(pending) OR pending = :none', values: { ':none': 0 } },
    onConditionFailed: () => businessRule('INACTIVE_ASSET'),
  });
  return presentToken(archived);
}

/** Up to `limit` unarchived tokens of an account created before the sort key `before`, newest first. */
export async function accountTokensBefore(accountId: string, before: string | undefined, limit: number) {
  const items = await newestBefore(
    { partition: accountTokensPartition(accountId), before, limit, filter: UNARCHIVED },
    ledgerDb(),
  );
  return items.map((item) => {
    const token = presentToken(tokenEntity.parse(item));
    return { sortKey: item.GSI1SK as string, view: async () => token };
  });
}

/** Excludes archived assets from an account's listing. */
const UNARCHIVED = {
  expression: '#status <> :archived',
  names: { '#status': 'status' },
  values: { ':archived': 'archived' },
};

/**
 * An account's tokens of an external id (of one asset type when named), newest first within a type; archived ones
 * only when asked for.
 */
export async function accountTokensByExternalId(
  accountId: string,
  externalId: string,
  page: { paginationLimit?: number; pageKey?: string; type?: string; archived: boolean },
) {
  const result = await tokenEntity.page(
    {
      partition: accountExternalIdPartition(accountId, externalId),
      index: 'GSI2',
      ...(page.type ? { sortKeyPrefix: `${page.type}#` } : {}),
      ...(page.archived ? {} : { filter: UNARCHIVED }),
    },
    { paginationLimit: page.paginationLimit, pageKey: page.pageKey },
  );
  return { ...result, items: result.items.map(presentToken) };
}

/**
 * The asset item of a token received whole (an asset transfer claimed): the sent token's terms
 * (collection, activity window, expiry) under a new id in the receiving account, for the transfer
 * that moves its unit to open.
 */
export function receivedTokenItem(
  token: StoredToken,
  receiver: { id: string; accountId: string; at: string; by: string },
): Record<string, unknown> {
  return tokenEntity.item({
    ...token,
    id: receiver.id,
    accountId: receiver.accountId,
    createdAt: receiver.at,
    createdBy: receiver.by,
  });
}

/** Whether the token's time has run out (`expiresAt <= now`): checked on every use, never left to a timer. */
export const isExpired = (token: Pick<Token, 'expiresAt'>, now: Date) =>
  token.expiresAt !== undefined && Date.parse(token.expiresAt) <= now.getTime();

export const presentToken = (token: Token): Token => publicView<Token>(tokenSchema, token);
