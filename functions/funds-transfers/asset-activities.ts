import type { FromSchema } from 'json-schema-to-ts';
import { assetTransaction, type assetActivitiesQuery, type fundsTransfersQuery } from './schemas';
import { findBankAccount } from '../bank-accounts';
import { serviceCrn } from '../core/crn';
import { publicView } from '../core/db/entity';
import { countThrough, newestFirstPage } from '../core/db/pagination';
import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { assetHistoryIndex, ledgerEntry } from '../core/ledger/entities';
import { findWalletAsset } from '../wallet-assets';
import {
  assetActivityEntity,
  bankAccountActivitiesPartition,
  bankAccountActivitySortKey,
  type AssetActivity,
} from './entities';

type ActivitiesQuery = FromSchema<typeof assetActivitiesQuery>;
type PageQuery = FromSchema<typeof fundsTransfersQuery>;
type AssetTransaction = FromSchema<typeof assetTransaction>;

/** The reference a ledger entry carries, as the resource type it names. */
const REF_TYPES = [
  ['topupId', 'topup'],
  ['withdrawalId', 'withdrawal'],
  ['paymentRequestId', 'payment-request'],
  ['assetTransferId', 'asset-transfer'],
] as const;

/** Money in from, or out to, a bank; anything else moves between two assets. */
const BALANCE_TYPES: Record<string, AssetTransaction['type']> = {
  topup: 'increment-balance',
  'test-topup': 'increment-balance',
  withdrawal: 'decrement-balance',
};

/** Who wrote a ledger entry: the platform's transfer engine. */
const LEDGER_CRN = serviceCrn('ledger');

/**
 * A newest-first page of a partition of immutable movements, numbered by their place in it
 * (1 = the oldest): the newest on the page is counted, the rest follow down.
 */
async function numberedPage<T extends { sortKey: string; view: Omit<AssetTransaction, 'activityNumber'> }>(
  partition: string,
  query: PageQuery,
  map: (item: Record<string, unknown>) => T,
) {
  const page = await newestFirstPage(partition, query, map);
  const newest = page.items.length ? await countThrough(partition, page.items[0].sortKey) : 0;
  const items = page.items.map(({ view }, index) =>
    publicView<AssetTransaction>(assetTransaction, { ...view, activityNumber: String(newest - index) }),
  );
  return { items, ...(page.nextPageKey ? { nextPageKey: page.nextPageKey } : {}) };
}

/** The movements of a wallet asset, from its ledger entries, newest first. */
export const listAssetTransactions = authedOperation<unknown, PageQuery>(async ({ params, query, auth }) => {
  const wallet = await findWalletAsset(params.assetId);
  if (!wallet) throw forbidden();
  await auth.access.account(wallet.accountId);
  return numberedPage(assetHistoryIndex(wallet.id).GSI1PK, query, (item) => {
    const entry = ledgerEntry.parse(item);
    const debit = entry.side === 'D';
    const ref = REF_TYPES.find(([field]) => entry[field]);
    const view = {
      ...(ref ? { ref: entry[ref[0]], refType: ref[1] } : {}),
      type: BALANCE_TYPES[entry.kind] ?? 'transfer',
      kind: entry.kind,
      assetId: wallet.id,
      accountId: wallet.accountId,
      ...(entry.bankAccountId ? { bankAccountId: entry.bankAccountId } : {}),
      srcAssetId: debit ? entry.assetId : entry.otherAssetId,
      destAssetId: debit ? entry.otherAssetId : entry.assetId,
      amount: entry.amount,
      currency: entry.currency,
      activityType: debit ? 'value-out' : 'value-in',
      createdAt: entry.createdAt,
      createdBy: LEDGER_CRN,
    } as const;
    return { sortKey: assetHistoryIndex(entry.assetId, entry.createdAt, entry.txnId).GSI1SK, view };
  });
});

/** What funds transfers moved between a bank account and its account's wallets, newest first. */
export const listAssetActivities = authedOperation<unknown, ActivitiesQuery>(async ({ query, auth }) => {
  const bankAccount = await findBankAccount(query.bankAccountId);
  if (!bankAccount) throw forbidden();
  await auth.access.account(bankAccount.accountId);
  return numberedPage(bankAccountActivitiesPartition(bankAccount.id), query, (item) => {
    const activity: AssetActivity = assetActivityEntity.parse(item);
    const { id: _id, ...view } = activity;
    return { sortKey: bankAccountActivitySortKey(activity), view };
  });
});
