import { BatchGetCommand } from '../core/db/document';
import type { FromSchema } from 'json-schema-to-ts';
import { walletTransaction, type walletTransactionsQuery } from './schemas';
import { findAccount } from '../accounts';
import { config } from '../core/config';
import { publicView } from '../core/db/entity';
import { authedOperation } from '../core/http/operation';
import { assetHistoryPage, historyCountThrough } from '../core/ledger/history';
import { ledgerDb } from '../core/ledger/ledger-db';
import { isWalletItem, walletAssetEntity } from './entities';
import { loadWalletAsset } from './load-wallet-asset';

type Query = FromSchema<typeof walletTransactionsQuery>;
type WalletTransaction = FromSchema<typeof walletTransaction>;

const REFERENCES = ['paymentRequestId', 'topupId', 'withdrawalId', 'refundId'] as const;

/** The party behind the platform's test issuance, which funds test top-ups. */
const TEST_FUNDS_PARTY = 'Test funds';

interface Listed {
  out: Record<string, unknown>;
  sortKey: string;
  debit: boolean;
  otherAssetId: string;
}

/**
 * Ledger entries of one wallet, newest first: `value` is the signed change of its balance,
 * `activityNumber` the entry's place in the wallet's history (1 = first), `srcParty` and
 * `destParty` who provided and who received the money.
 */
export const listWalletTransactions = authedOperation<unknown, Query>(async (request) => {
  const asset = await loadWalletAsset(request, 'walletId');
  const history = await assetHistoryPage(asset.id, request.query);
  const page = {
    ...history,
    items: history.items.map(({ entry, sortKey }): Listed => {
      const debit = entry.side === 'D';
      const out: Record<string, unknown> = {
        id: entry.txnId,
        kind: entry.kind,
        amount: entry.amount,
        value: debit ? `-${entry.amount}` : entry.amount,
        currency: entry.currency,
        srcWalletId: debit ? entry.assetId : entry.otherAssetId,
        destWalletId: debit ? entry.otherAssetId : entry.assetId,
        createdAt: entry.createdAt,
      };
      for (const ref of REFERENCES) if (entry[ref]) out[ref] = entry[ref];
      return { out, sortKey, debit, otherAssetId: entry.otherAssetId };
    }),
  };
  if (!page.items.length) return { items: [], ...(page.nextPageKey ? { nextPageKey: page.nextPageKey } : {}) };
  const newestNumber = await historyCountThrough(asset.id, page.items[0].sortKey);
  const otherAccounts = await accountsByAsset(page.items.map((i) => i.otherAssetId));
  const parties = await partiesOf([asset.accountId, ...otherAccounts.values()]);
  const own = parties.get(asset.accountId) ?? '';
  const items = page.items.map(({ out, debit, otherAssetId }, index) => {
    const other = otherAssetId.startsWith('system-test-issuance-')
      ? TEST_FUNDS_PARTY
      : (parties.get(otherAccounts.get(otherAssetId) ?? '') ?? '');
    return publicView<WalletTransaction>(walletTransaction, {
      ...out,
      activityNumber: String(newestNumber - index),
      srcParty: debit ? own : other,
      destParty: debit ? other : own,
    });
  });
  return page.nextPageKey ? { items, nextPageKey: page.nextPageKey } : { items };
});

/**
 * The account owning each asset (system assets own none); base items are read with the ledger client, which keeps
 * balances exact.
 */
async function accountsByAsset(assetIds: string[]): Promise<Map<string, string>> {
  const table = config().tableName;
  const byAsset = new Map<string, string>();
  let keys: Record<string, unknown>[] = [...new Set(assetIds.filter((id) => !id.startsWith('system-')))].map((id) =>
    walletAssetEntity.key(id),
  );
  while (keys.length) {
    const out = await ledgerDb().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: keys } } }));
    for (const wallet of (out.Responses?.[table] ?? [])
      .filter(isWalletItem)
      .map((item) => walletAssetEntity.parse(item)))
      byAsset.set(wallet.id, wallet.accountId);
    keys = (out.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
  }
  return byAsset;
}

/**
 * Display names of accounts: an org's name; an individual's masked to its first letter, as the
 * docs' parties show people only masked.
 */
async function partiesOf(accountIds: string[]): Promise<Map<string, string>> {
  const parties = new Map<string, string>();
  for (const id of new Set(accountIds)) {
    const account = await findAccount(id);
    if (account) parties.set(id, account.type === 'individual' ? `${account.name.slice(0, 1)}***` : account.name);
  }
  return parties;
}
