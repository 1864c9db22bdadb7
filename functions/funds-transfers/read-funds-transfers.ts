import type { FromSchema } from 'json-schema-to-ts';
import type { fundsTransfersQuery } from './schemas';
import { findAccount } from '../accounts';
import { ownerNow } from '../core/clock';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import type { FundsTransferType, StoredFundsTransfer } from './entities';
import { loadForCaller } from './load-funds-transfer';
import { isHeld, loadFundsTransfer } from './settle';
import { listTransfers, MAX_LISTED_TOPUPS, present } from './transfer-store';

type Query = FromSchema<typeof fundsTransfersQuery>;

export const getTopup = authedOperation(async (request) =>
  present((await loadForCaller(request, request.params.topupId, 'topup')).transfer),
);
export const getWithdrawal = authedOperation(async (request) =>
  present((await loadForCaller(request, request.params.withdrawalId, 'withdrawal')).transfer),
);

/** A page of an account's transfers of one type, each moved on by the account's clock and bank accounts. */
async function page(request: AuthedRequest, accountId: string, type: FundsTransferType, query: Query) {
  const account = await request.auth.access.account(accountId);
  const now = await ownerNow(account.id, request.now, findAccount);
  const listed = await listTransfers(type, account.id, query);
  const current = (t: StoredFundsTransfer) =>
    t.status === 'created' && (isHeld(t) || Date.parse(t.settleAt) <= now.getTime()) ? loadFundsTransfer(t.id, now) : t;
  const items = (await Promise.all(listed.items.map(current))).flatMap((t) => (t ? [present(t)] : []));
  return { items, ...(listed.nextPageKey ? { nextPageKey: listed.nextPageKey } : {}) };
}

/** Top ups list as a bare array (as documented): the newest MAX_LISTED_TOPUPS. */
const topups = async (request: AuthedRequest, accountId: string) =>
  (await page(request, accountId, 'topup', { paginationLimit: MAX_LISTED_TOPUPS })).items;

/** The top ups of the account the caller's key belongs to. */
export const listTopups = authedOperation((request) => topups(request, request.auth.principal.accountId));
export const listAccountTopups = authedOperation((request) => topups(request, request.params.accountId));

export const listAccountWithdrawals = authedOperation<unknown, Query>((request) =>
  page(request, request.params.accountId, 'withdrawal', request.query),
);
