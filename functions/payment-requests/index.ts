/**
 * The payment-requests group's public face: what the legacy API (which builds on this group), the
 * hosted checkout (a page over this group's requests), the payment-activities listings and the
 * timers, promotion-payments and payment-request-events consumers, the webhook sweep and the scanned codes decoder
 * may use of it.
 */
export { cancelAsRead, cancelRequest } from './cancel-payment-request';
export { insertPaymentRequest } from './create-payment-request';
export { assetTypeOf, denomination, ledgerOf, legacyNumber } from './legacy-format';
export {
  loadPaymentRequest,
  loadPaymentRequestByShortCode,
  loadPaymentRequestOrForbid,
  viewPaymentRequest,
} from './load-payment-request';
export { commitPayment, PAY_RESPONSE, SpendForbidden, type PayInput } from './pay-payment-request';
export type { PaymentActivity, StoredPaymentRequest } from './payment-request';
export { findPaymentRequest } from './payment-request-store';
export { refundRequest } from './refund-payment-request';
export { merchantNow } from './request-clock';
export { parseShortCode } from './short-code';
export { listActivities, listByExternalRef, listMerchantActivities } from './request-listings';
export { assertNew } from './request-state';
export { voidRequest } from './void-payment-request';
export { deriveUnderivedWebhookEvents, recordWebhookEventsOfChange } from './webhook-events';
