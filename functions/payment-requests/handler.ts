import { groupHandler } from '../group-lambda';
import { cancelPaymentRequest } from './cancel-payment-request';
import { createPaymentRequest } from './create-payment-request';
import { getPatronCodePaymentRequest } from './get-patron-code-payment-request';
import { getPaymentRequest } from './get-payment-request';
import { getPaymentRequestByShortCode } from './get-payment-request-by-short-code';
import { getPaymentRequestSummary } from './get-payment-request-summary';
import { listPaymentActivities } from './list-payment-activities';
import { listPaymentRequestActivities } from './list-payment-request-activities';
import { listPaymentRequestsByExternalRef } from './list-payment-requests-by-external-ref';
import { payPaymentRequest } from './pay-payment-request';
import { refundPaymentRequest } from './refund-payment-request';
import { renderPayPage } from './render-pay-page';
import { voidPaymentRequest } from './void-payment-request';
import { confirmPaymentRequest } from './confirm-payment-request';
import { releasePaymentRequest } from './release-payment-request';
import { acceptPaymentCondition, declinePaymentCondition } from './set-payment-condition';

export const handler = groupHandler('payment-requests', {
  createPaymentRequest,
  getPaymentRequest,
  getPaymentRequestByShortCode,
  getPaymentRequestSummary,
  getPatronCodePaymentRequest,
  listPaymentRequestsByExternalRef,
  listPaymentRequestActivities,
  listPaymentActivities,
  payPaymentRequest,
  cancelPaymentRequest,
  voidPaymentRequest,
  refundPaymentRequest,
  confirmPaymentRequest,
  releasePaymentRequest,
  acceptPaymentCondition,
  declinePaymentCondition,
  renderPayPage,
});
