import { preAuthHoldAssetId, transferSteps } from '../core/ledger/postings';
import { businessRule } from '../core/http/errors';
import { monetary } from '../core/money';
import type { TransactionStep } from '../core/db/transaction';
import { buildActivities, type PaymentActivity, type StoredPaymentRequest } from './payment-request-store';

/** The documented code when a pre-auth operation meets a request that is not an authorised pre-auth. */
export function assertAuthorizedPreAuth(request: StoredPaymentRequest, now: Date): void {
  if (!request.preAuth) throw businessRule('INVALID_PAYMENT_REQUEST_TYPE');
  if (request.status === 'cancelled') throw businessRule('REQUEST_CANCELLED');
  if (request.preAuthStatus === 'released' || isLapsed(request, now)) throw businessRule('PRE_AUTH_RELEASED');
  if (request.preAuthStatus !== 'authorized') throw businessRule('PRE_AUTH_PENDING');
}

export const isLapsed = (request: StoredPaymentRequest, now: Date) =>
  request.preAuthStatus === 'authorized' && request.preAuthExpiresAt !== undefined && request.preAuthExpiresAt <= now.toISOString();

export const unconfirmed = (request: StoredPaymentRequest) => BigInt(request.authorization?.amount ?? '0') - BigInt(request.confirmedAmount ?? '0');

/**
 * Ends an authorisation: what merchants did not confirm goes from the hold back to the patron's
 * asset, `preAuthStatus` becomes released, and a `release` activity records the amount.
 */
export function releaseSteps(
  request: StoredPaymentRequest,
  at: string,
  createdBy: string,
): { changes: Partial<StoredPaymentRequest>; activities: PaymentActivity[]; steps: TransactionStep[] } {
  const authorization = request.authorization!;
  const amount = unconfirmed(request);
  const steps =
    amount > 0n
      ? transferSteps(
          {
            kind: 'pre-auth-release',
            debitAssetId: preAuthHoldAssetId(request.value.currency, request.liveness),
            creditAssetId: authorization.assetId,
            amount,
            currency: request.value.currency,
            refs: { paymentRequestId: request.id },
          },
          at,
        ).steps
      : [];
  const activities = buildActivities(
    request,
    [{ type: 'release', value: monetary(request.value.currency, amount), assetType: authorization.assetType, preAuth: true, createdBy }],
    at,
  );
  return { changes: { preAuthStatus: 'released' }, activities, steps };
}
