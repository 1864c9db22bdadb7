import { connectionEntity, connectionRequestLinkEntity } from './entities';
import type { TransactionStep } from '../core/db/transaction';
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

/** The write that links a new payment request to the connection it names, in the request's own transaction. */
export const connectionRequestStep = (
  connectionId: string,
  request: { id: string; createdAt: string },
): TransactionStep =>
  connectionRequestLinkEntity.putStep({ connectionId, paymentRequestId: request.id, createdAt: request.createdAt });
