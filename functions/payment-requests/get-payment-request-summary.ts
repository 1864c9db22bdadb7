import type { FromSchema } from 'json-schema-to-ts';
import { publicView } from '../core/db/entity';
import { forbidden } from '../core/errors/classes';
import { publicOperation } from '../core/http/operation';
import { loadPaymentRequest } from './load-payment-request';
import { paymentRequestSummary } from './schemas';

/** What a pay page shows before sign-in; only while the request can still be paid. */
export const getPaymentRequestSummary = publicOperation(async ({ params, now }) => {
  const request = await loadPaymentRequest(params.paymentRequestId, now);
  if (request?.status !== 'new') throw forbidden();
  return publicView<FromSchema<typeof paymentRequestSummary>>(paymentRequestSummary, request);
});
