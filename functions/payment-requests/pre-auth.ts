import { findPendingTransfer, voidPending, type PendingTransfer } from '../core/ledger/transfers';
import { businessRule } from '../core/errors/classes';
import { monetary } from '../core/money';
import type { TransactionStep } from '../core/db/transaction';
import { buildActivities } from './payment-request-store';
import type { PaymentActivity, StoredPaymentRequest } from './payment-request';

/** The documented code when a pre-auth operation meets a request that is not an authorised pre-auth. */
export function assertAuthorizedPreAuth(request: StoredPaymentRequest, now: Date): void {
  if (!request.preAuth) throw businessRule('INVALID_PAYMENT_REQUEST_TYPE');
  if (request.status === 'cancelled') throw businessRule('REQUEST_CANCELLED');
  if (request.preAuthStatus === 'released' || isLapsed(request, now)) throw businessRule('PRE_AUTH_RELEASED');
  if (request.preAuthStatus !== 'authorized') throw businessRule('PRE_AUTH_PENDING');
}

export const isLapsed = (request: StoredPaymentRequest, now: Date) =>
  request.preAuthStatus === 'authorized' &&
  request.preAuthExpiresAt !== undefined &&
  request.preAuthExpiresAt <= now.toISOString();

export const unconfirmed = (request: StoredPaymentRequest) =>
  BigInt(request.authorization?.amount ?? '0') - BigInt(request.confirmedAmount ?? '0');

/**
 * The pending transfer that reserves an authorisation's funds on the patron's asset, read apart from
 * the request: only its fixed fields are used; what it still reserves is the request's unconfirmed amount.
 */
export async function authorizationTransfer(request: StoredPaymentRequest): Promise<PendingTransfer> {
  const transfer = request.authorization && (await findPendingTransfer(request.authorization.transferId));
  if (!transfer) throw new Error(`pre-auth ${request.id} has no pending transfer`);
  return transfer;
}

/**
 * Ends an authorisation: what merchants did not confirm is voided from the reservation on the
 * patron's asset, `preAuthStatus` becomes released, and a `release` activity records the amount.
 */
export async function releaseSteps(
  request: StoredPaymentRequest,
  at: string,
  createdBy: string,
): Promise<{ changes: Partial<StoredPaymentRequest>; activities: PaymentActivity[]; steps: TransactionStep[] }> {
  const authorization = request.authorization!;
  const amount = unconfirmed(request);
  const transfer = await authorizationTransfer(request);
  // Confirmed in full, the pending transfer is posted: nothing is left to void.
  const steps = amount > 0n ? voidPending(transfer, amount, at) : [];
  const activities = buildActivities(
    request,
    [
      {
        type: 'release',
        value: monetary(request.value.currency, amount),
        assetType: authorization.assetType,
        preAuth: true,
        createdBy,
      },
    ],
    at,
  );
  return { changes: { preAuthStatus: 'released' }, activities, steps };
}
