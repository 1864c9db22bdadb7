import type { FromSchema } from 'json-schema-to-ts';
import type { walletTransactionsQuery } from './schemas';
import { assetHistoryIndex } from '../core/db/keys';
import { newestFirstPage } from '../core/db/pagination';
import { authedOperation } from '../core/http/operation';
import { loadWalletAsset } from './load-wallet-asset';

type Query = FromSchema<typeof walletTransactionsQuery>;

const REFERENCES = ['paymentRequestId', 'topupId', 'refundId'] as const;

/** Ledger entries of one wallet, newest first: `value` is the signed change of its balance. */
export const listWalletTransactions = authedOperation<unknown, Query>(async (request) => {
  const asset = await loadWalletAsset(request, 'walletId');
  return newestFirstPage(assetHistoryIndex(asset.id).GSI1PK, request.query, (entry) => {
    const debit = entry.side === 'D';
    const out: Record<string, unknown> = {
      id: entry.txnId,
      kind: entry.kind,
      amount: entry.amount,
      value: debit ? `-${String(entry.amount)}` : entry.amount,
      currency: entry.currency,
      srcWalletId: debit ? entry.assetId : entry.otherAssetId,
      destWalletId: debit ? entry.otherAssetId : entry.assetId,
      createdAt: entry.createdAt,
    };
    for (const ref of REFERENCES) if (entry[ref]) out[ref] = entry[ref];
    return out;
  });
});
