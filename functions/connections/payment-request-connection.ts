import { connectionEntity } from './entities';
import { businessRule } from '../core/errors/classes';

/**
 * The connection a payment request names: its merchant's, made by the request creator's account.
 * The request shows its status: `active` once a wallet authorized it, else its own status.
 */
export async function connectionStatusFor(
  connectionId: string,
  request: { merchantId: string; createdByAccountId: string },
): Promise<string> {
  const connection = await connectionEntity.get(connectionId);
  if (!connection) throw businessRule('CONNECTION_NOT_FOUND');
  if (connection.merchantId !== request.merchantId) throw businessRule('CONNECTION_MERCHANT_MISMATCH');
  if (connection.createdByAccountId !== request.createdByAccountId)
    throw businessRule('CONNECTION_CREATED_BY_MISMATCH');
  return connection.status === 'authorized' ? 'active' : connection.status;
}
