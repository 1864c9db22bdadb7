import { findAccount } from '../accounts';
import { ownerNow } from '../core/clock';
import { forbidden } from '../core/errors/classes';
import type { AuthedRequest } from '../core/http/operation';
import { loadFundsTransfer } from './settle';
import { fundsTransferEntity, type FundsTransferType, type StoredFundsTransfer } from './entities';

/**
 * The transfer of the path, if the caller may act on its account under the route's permission
 * (else FORBIDDEN, as for a missing one), moved on by its owner's clock and bank account first;
 * with the time on that clock.
 */
export async function loadForCaller(
  request: AuthedRequest,
  id: string,
  type?: FundsTransferType,
): Promise<{ transfer: StoredFundsTransfer; now: Date }> {
  const found = await fundsTransferEntity.get(id);
  if (!found || (type && found.type !== type)) throw forbidden();
  await request.auth.access.account(found.accountId);
  const now = await ownerNow(found.accountId, request.now, findAccount);
  const transfer = await loadFundsTransfer(id, now);
  if (!transfer) throw forbidden();
  return { transfer, now };
}
