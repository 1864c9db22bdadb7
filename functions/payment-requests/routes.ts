import type { RouteSpec } from '../core/http/route';

/** The payment-requests group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST', path: '/api/payment-requests', operation: 'createPaymentRequest',
    permission: 'payment-requests:create', authentication: 'apiKey', body: 'CreatePaymentRequestBody', response: 'PaymentRequest',
    summary: 'Create a payment request',
  },
  {
    method: 'GET', path: '/api/payment-requests/{paymentRequestId}', operation: 'getPaymentRequest',
    permission: 'payment-requests:read', authentication: 'apiKey', response: 'PaymentRequest', summary: 'Get a payment request',
  },
  {
    method: 'GET', path: '/api/payment-requests/short-code/{shortCode}', operation: 'getPaymentRequestByShortCode',
    permission: 'payment-requests:read-by-shortcode', authentication: 'apiKey', response: 'PaymentRequest',
    impossibleId: { status: 400, code: 'CHECKSUM_FAILED' },
    summary: 'Get the latest payment request with a short code',
  },
  {
    method: 'GET', path: '/api/payment-requests/{paymentRequestId}/summary', operation: 'getPaymentRequestSummary',
    permission: null, authentication: 'none', response: 'PaymentRequestSummary', summary: 'Public summary of a payable request',
  },
  {
    method: 'GET', path: '/api/me/patron-code-payment-request', operation: 'getPatronCodePaymentRequest',
    permission: 'payment-requests:read', authentication: 'apiKey', response: 'PaymentRequest',
    summary: "Latest new request created with one of the caller's patron codes",
  },
  {
    method: 'POST', path: '/api/payment-requests/{paymentRequestId}/pay', operation: 'payPaymentRequest',
    permission: 'payment-requests:pay', alsoNeeds: ['assets:spend'], authentication: 'apiKey', body: 'PayBody', response: 'PaymentActivity',
    summary: 'Pay a payment request (idempotent by idempotencyKey)',
  },
  {
    method: 'POST', path: '/api/payment-requests/{paymentRequestId}/cancel', operation: 'cancelPaymentRequest',
    permission: 'payment-requests:cancel', authentication: 'apiKey', response: 'PaymentActivity', summary: 'Cancel an unpaid payment request',
  },
  {
    method: 'POST', path: '/api/payment-requests/{paymentRequestId}/void', operation: 'voidPaymentRequest', idempotency: 'header',
    permission: 'payment-requests:void', authentication: 'apiKey', response: 'PaymentActivity',
    summary: 'Void within 24 hours: cancel, refunding every payment',
  },
  {
    method: 'POST', path: '/api/payment-requests/{paymentRequestId}/refund', operation: 'refundPaymentRequest',
    permission: 'payment-requests:refund', authentication: 'apiKey', body: 'RefundBody', response: 'PaymentActivity',
    summary: 'Refund part or all of a paid request (idempotent by externalRef)',
  },
  {
    method: 'POST', path: '/api/payment-requests/{paymentRequestId}/confirm', operation: 'confirmPaymentRequest',
    permission: 'payment-requests:confirm', authentication: 'apiKey', body: 'ConfirmBody', response: 'PaymentActivity',
    summary: 'Confirm (draw down) part of an authorised pre-auth (idempotent by idempotencyKey)',
  },
  {
    method: 'POST', path: '/api/payment-requests/{paymentRequestId}/release', operation: 'releasePaymentRequest', idempotency: 'header',
    permission: 'payment-requests:release', authentication: 'apiKey', response: 'PaymentActivity',
    summary: 'Release a pre-auth: unconfirmed funds return to the patron',
  },
  {
    method: 'POST', path: '/api/payment-requests/{paymentRequestId}/conditions/{conditionId}/accept', operation: 'acceptPaymentCondition',
    permission: 'payment-conditions:approve', authentication: 'apiKey', response: 'PaymentActivity', summary: 'Accept a payment condition',
  },
  {
    method: 'POST', path: '/api/payment-requests/{paymentRequestId}/conditions/{conditionId}/decline', operation: 'declinePaymentCondition',
    permission: 'payment-conditions:approve', authentication: 'apiKey', response: 'PaymentActivity', summary: 'Decline a payment condition (cancels the request)',
  },
] as const satisfies readonly RouteSpec[];
