import { config } from '../config';
import { assetHistoryIndex, assetKey, ledgerEntryKey } from '../db/keys';
import type { TransactionStep } from '../db/transaction';
import { businessRule } from '../http/errors';
import { newId } from '../ids';
import { formatAmount, type Amount } from '../money';
import { toDynamoNumber } from './ledger-db';

/** Why money moved; written on both ledger entries. */
export type PostingKind = 'test-topup' | 'payment' | 'refund' | 'void-refund' | 'pre-auth-hold' | 'pre-auth-confirm' | 'pre-auth-release';

export interface Posting {
  kind: PostingKind;
  debitAssetId: string;
  creditAssetId: string;
  amount: Amount;
  currency: string;
  /** References recorded on the entries (payment request, refund, top-up ids). */
  refs?: Record<string, string>;
  /** System issuance assets may go negative (they stand for money the platform issued). */
  debitMayGoNegative?: boolean;
  /** The credited asset is a system asset (e.g. a pre-auth hold), made on first use. */
  creditIsSystemAsset?: boolean;
  /** Error code when the debited asset cannot cover the amount or is not active. */
  insufficientCode?: string;
  /** Error code when the credited asset is missing or not active. */
  inactiveCreditCode?: string;
}

/**
 * The items of one double-entry transfer: a conditional debit, a credit, and two immutable ledger
 * entries (debit and credit of equal amount and currency). Callers add their own state changes
 * (payment request, activity, idempotency record) and run them all in one transaction.
 */
export function transferSteps(posting: Posting, at: string): { txnId: string; steps: TransactionStep[] } {
  if (posting.amount <= 0n) throw new Error('a posting moves a positive amount');
  if (posting.debitAssetId === posting.creditAssetId) throw businessRule('INVALID_ASSET_TYPE');
  const tableName = config().tableName;
  const txnId = newId();
  const amount = toDynamoNumber(posting.amount);
  const negative = toDynamoNumber(-posting.amount);
  const entry = (side: 'D' | 'C', assetId: string, otherAssetId: string) => ({
    ...ledgerEntryKey(txnId, side),
    ...assetHistoryIndex(assetId, at, txnId),
    txnId,
    side,
    kind: posting.kind,
    assetId,
    otherAssetId,
    amount: formatAmount(posting.amount),
    currency: posting.currency,
    createdAt: at,
    ...(posting.refs ?? {}),
  });
  const debit: TransactionStep = posting.debitMayGoNegative
    ? {
        item: {
          Update: {
            TableName: tableName,
            Key: assetKey(posting.debitAssetId),
            UpdateExpression: 'ADD balance :negative SET currency = :currency, #status = if_not_exists(#status, :active)',
            ConditionExpression: 'attribute_not_exists(currency) OR currency = :currency',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':negative': negative, ':currency': posting.currency, ':active': 'active' },
          },
        },
        onConditionFailed: () => businessRule('INVALID_ASSET_TYPE'),
      }
    : {
        item: {
          Update: {
            TableName: tableName,
            Key: assetKey(posting.debitAssetId),
            UpdateExpression: 'ADD balance :negative',
            ConditionExpression: 'attribute_exists(PK) AND #status = :active AND currency = :currency AND balance >= :amount',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':negative': negative, ':amount': amount, ':active': 'active', ':currency': posting.currency },
          },
        },
        onConditionFailed: () => businessRule(posting.insufficientCode ?? 'INSUFFICIENT_ASSET_VALUE'),
      };
  const credit: TransactionStep = posting.creditIsSystemAsset
    ? {
        item: {
          Update: {
            TableName: tableName,
            Key: assetKey(posting.creditAssetId),
            UpdateExpression: 'ADD balance :amount SET currency = :currency, #status = if_not_exists(#status, :active)',
            ConditionExpression: 'attribute_not_exists(currency) OR currency = :currency',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':amount': amount, ':currency': posting.currency, ':active': 'active' },
          },
        },
        onConditionFailed: () => businessRule('INVALID_ASSET_TYPE'),
      }
    : {
    item: {
      Update: {
        TableName: tableName,
        Key: assetKey(posting.creditAssetId),
        UpdateExpression: 'ADD balance :amount',
        ConditionExpression: 'attribute_exists(PK) AND #status = :active AND currency = :currency',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':amount': amount, ':active': 'active', ':currency': posting.currency },
      },
    },
    onConditionFailed: () => businessRule(posting.inactiveCreditCode ?? 'INACTIVE_ASSET'),
      };
  const entries: TransactionStep[] = [
    { item: { Put: { TableName: tableName, Item: entry('D', posting.debitAssetId, posting.creditAssetId), ConditionExpression: 'attribute_not_exists(PK)' } } },
    { item: { Put: { TableName: tableName, Item: entry('C', posting.creditAssetId, posting.debitAssetId), ConditionExpression: 'attribute_not_exists(PK)' } } },
  ];
  return { txnId, steps: [debit, credit, ...entries] };
}

/** Where authorised pre-auth funds wait between the patron's wallet and the merchant's, per currency and liveness. */
export const preAuthHoldAssetId = (currency: string, liveness: 'main' | 'test') => `system-pre-auth-hold-${currency.toLowerCase()}-${liveness}`;

/** The platform's issuance asset for test money of one currency: the counterpart of every test top-up. */
export const testIssuanceAssetId = (currency: string) => `system-test-issuance-${currency.toLowerCase()}`;
