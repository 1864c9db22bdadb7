import type { FromSchema } from 'json-schema-to-ts';
import type { fundsTransfersQuery } from './schemas';
import { findAccount } from '../accounts';
import { ownerNow } from '../core/clock';
import type { AuthedRequest } from '../core/http/operation';
import type { FundsTransferType, StoredFundsTransfer } from './entities';
import { isDue, isHeld, loadFundsTransfer } from './settle';
import { listTransfers, MAX_LISTED_TOPUPS, present } from './transfer-store';

export type TransfersQuery = FromSchema<typeof fundsTransfersQuery>;

/** A page of an account's transfers of one type, each moved on by the account's clock and bank accounts. */
export async function transferPage(
  request: AuthedRequest,
  accountId: string,
  type: FundsTransferType,
  query: TransfersQuery,
) {
  const account = await request.auth.access.account(accountId);
  const now = await ownerNow(account.id, request.now, findAccount);
  const listed = await listTransfers(type, account.id, query);
  const current = (t: StoredFundsTransfer) => (isHeld(t) || isDue(t, now) ? loadFundsTransfer(t.id, now) : t);
  const items = (await Promise.all(listed.items.map(current))).flatMap((t) => (t ? [present(t)] : []));
  return { items, ...(listed.nextPageKey ? { nextPageKey: listed.nextPageKey } : {}) };
}

/** Top ups list as a bare array (as documented): the newest MAX_LISTED_TOPUPS. */
export const topupList = async (request: AuthedRequest, accountId: string) =>
  (await transferPage(request, accountId, 'topup', { paginationLimit: MAX_LISTED_TOPUPS })).items;
