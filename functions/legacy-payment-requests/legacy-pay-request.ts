import type { FromSchema } from 'json-schema-to-ts';
import type { legacyPayParams } from './schemas';
import { retryOnConflict } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import { assetTypeOf, commitPayment, SpendForbidden } from '../payment-requests';
import { legacyOperation } from './legacy-errors';
import { transactionResult } from './legacy-transaction-result';

type Params = FromSchema<typeof legacyPayParams>;

/**
 * Pays through the next version's payment core. The request's legacy `payments[].ledger` are its
 * options' asset types by their ledger names, so "ledger among payments[].ledger" is the core's
 * own "asset type among the options" check (INVALID_ASSET_TYPE). Legacy pay has no idempotency
 * key: a second pay finds the request paid (REQUEST_PAID).
 */
export const legacyPayRequest = legacyOperation<Params>('pay', async ({ body, auth, now }) => {
  const { activity, transactionId } = await retryOnConflict(() =>
    commitPayment(
      { paymentRequestId: body.requestId, assetType: assetTypeOf(body.ledger), assetId: body.authorization },
      auth,
      now,
    ),
  ).catch((error: unknown) => {
    // The legacy API has no FORBIDDEN for the paying wallet: a wallet the caller may not spend is inactive to it.
    throw error instanceof SpendForbidden ? businessRule('INACTIVE_ASSET') : error;
  });
  return transactionResult('txPurchase', activity, transactionId);
});
