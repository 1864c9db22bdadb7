import { serviceCrn } from '../core/crn';
import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { assetHistoryPage, historyCountThrough } from '../core/ledger/history';
import { findWalletAsset } from '../wallet-assets';
import { type AssetTransaction, numberedPage, type PageQuery } from './numbered-page';

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

/** The movements of a wallet asset, from its history (core/ledger/history.ts), newest first. */
export const listAssetTransactions = authedOperation<unknown, PageQuery>(async ({ params, query, auth }) => {
  const wallet = await findWalletAsset(params.assetId);
  if (!wallet) throw forbidden();
  await auth.access.account(wallet.accountId);
  const count = (sortKey: string) => historyCountThrough(wallet.id, sortKey);
  return numberedPage(count, await assetHistoryPage(wallet.id, query), ({ entry, sortKey }) => {
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
    return { sortKey, view };
  });
});
