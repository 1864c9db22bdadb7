import { isoTimestamp } from '../core/clock';
import { olderShortCodeIndex, paymentRequestEntity, requestIdOf, shortCodeIndex } from './keys';
import { serviceCrn } from '../core/crn';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { ApiError, forbidden } from '../core/errors/classes';
import { postedTransfers } from '../core/ledger/transfers';
import { logger } from '../core/observability';
import { applied, buildActivities, findPaymentRequest, isDue, present, transitionSteps } from './payment-request-store';
import type { PaymentRequest, StoredPaymentRequest } from './payment-request';
import { giveBack } from './give-back';
import { isLapsed, releaseSteps } from './pre-auth';
import { merchantNow } from './request-clock';

export const PAYMENTS_SERVICE = serviceCrn('payments-api');

/**
 * Reads a request and applies what its due times say first: a `new` request past `expiresAt`
 * expires; an authorisation past `preAuthExpiresAt` is released. Due times are enforced on every
 * read and write, whether or not a timer ran. Due times are on the merchant's clock (request-clock.ts).
 */
export async function loadPaymentRequest(id: string, now: Date): Promise<StoredPaymentRequest | undefined> {
  return retryOnConflict(async () => {
    const request = await findPaymentRequest(id);
    if (!request) return request;
    const at = await merchantNow(request, now);
    if (isDue(request, at)) return expire(request, at);
    if (isLapsed(request, at)) return lapse(request, at);
    return request;
  });
}

export async function loadPaymentRequestOrForbid(id: string, now: Date): Promise<StoredPaymentRequest> {
  const request = await loadPaymentRequest(id, now);
  if (!request) throw forbidden();
  return request;
}

/** Short codes are recycled over time: the latest request with the code is the one meant. */
export async function loadPaymentRequestByShortCode(
  code: string,
  now: Date,
): Promise<StoredPaymentRequest | undefined> {
  // Requests of entity versions 1 to 3 carry their code on GSI2: both are read at once, the newer entry wins.
  const [latest, older] = await Promise.all([
    paymentRequestEntity.firstEntry({ partition: shortCodeIndex(code).GSI3PK, index: 'GSI3', newestFirst: true }),
    paymentRequestEntity.firstEntry({
      partition: olderShortCodeIndex(code).GSI2PK,
      index: 'GSI2',
      newestFirst: true,
      projection: 'PK, GSI2SK',
    }),
  ]);
  const found = latest && !(older && String(older.GSI2SK) > String(latest.GSI3SK)) ? latest : older;
  // Index reads lag, and one holds keys only: the request is read from the table.
  return found && loadPaymentRequest(requestIdOf(found), now);
}

/** A request as its viewer reads it (due times applied), for groups that answer one they found by a link of theirs. */
export async function viewPaymentRequest(
  id: string,
  viewer: { accountId: string },
  now: Date,
): Promise<PaymentRequest | undefined> {
  const request = await loadPaymentRequest(id, now);
  return request && present(request, viewer);
}

/** An authorisation past `preAuthExpiresAt` releases its unconfirmed funds to the patron. */
async function lapse(request: StoredPaymentRequest, now: Date): Promise<StoredPaymentRequest> {
  const at = isoTimestamp(now);
  const release = await releaseSteps(request, at, PAYMENTS_SERVICE);
  await runTransaction([...transitionSteps(request, release.changes, release.activities, at), ...release.steps]);
  return applied(request, release.changes, release.activities, at);
}

/**
 * A `new` request past `expiresAt` expires. What was paid towards it (multi-asset payments short of its value, a
 * token) is refunded in the same transaction, a `refund` activity before the expiry: an expired request takes no
 * refund or void afterwards. Should the refund be refused (the merchant's settlement wallet no longer holds the
 * money, the payer's asset is gone), the request still expires, as every read of it must, and the refusal is
 * logged for the operator: what it held stays in the merchant's wallet, as it did before any refund.
 */
async function expire(request: StoredPaymentRequest, now: Date): Promise<StoredPaymentRequest> {
  const at = isoTimestamp(now);
  const expiry = { type: 'expiry' as const, value: request.value, createdBy: PAYMENTS_SERVICE };
  const changes = { status: 'expired' as const, cancellationReason: 'PAYMENT_REQUEST_EXPIRED' };
  const given = giveBack(request, PAYMENTS_SERVICE);
  if (given) {
    const refunded = { ...changes, ...given.changes };
    const activities = buildActivities(request, [given.activity, expiry], at);
    try {
      await runTransaction([
        ...transitionSteps(request, refunded, activities, at),
        ...(await postedTransfers(given.transfers, at)),
      ]);
      return applied(request, refunded, activities, at);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      logger.error('an expired payment request could not refund what was paid towards it', {
        paymentRequestId: request.id,
        error: String(error),
      });
    }
  }
  const activities = buildActivities(request, [expiry], at);
  await runTransaction(transitionSteps(request, changes, activities, at));
  return applied(request, changes, activities, at);
}
