import type { RouteSpec } from '../core/http/route';

/** The legacy-payment-requests group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST', path: '/payments/api/requests.create', operation: 'legacyCreateRequest',
    permission: 'payment-requests:create', authentication: 'apiKey', body: 'LegacyCreateRequestParams', params: 'legacy',
    response: 'LegacyPaymentRequest', labels: ['deprecated'], summary: 'Create a payment request (legacy; deprecated)',
  },
  {
    method: 'GET', path: '/payments/api/requests.info', operation: 'legacyRequestInfo',
    permission: 'payment-requests:read', authentication: 'apiKey', query: 'LegacyRequestInfoQuery',
    response: 'LegacyPaymentRequest', labels: ['deprecated'], summary: 'Get a payment request in the legacy view (deprecated)',
  },
  {
    method: 'POST', path: '/payments/api/requests.pay', operation: 'legacyPayRequest',
    permission: 'payment-requests:pay', alsoNeeds: ['assets:spend'], authentication: 'apiKey', body: 'LegacyPayParams', params: 'legacy',
    response: 'LegacyTransactionResult', labels: ['deprecated'], summary: 'Pay a payment request from a wallet asset (legacy; deprecated)',
  },
  {
    method: 'POST', path: '/payments/api/requests.cancel', operation: 'legacyCancelRequest',
    permission: 'payment-requests:cancel', authentication: 'apiKey', body: 'LegacyRequestIdParams', params: 'legacy',
    response: 'LegacyRequestSummary', labels: ['deprecated'], summary: 'Cancel an unpaid payment request (legacy; deprecated)',
  },
  {
    method: 'POST', path: '/payments/api/requests.void', operation: 'legacyVoidRequest',
    permission: 'payment-requests:void', authentication: 'apiKey', body: 'LegacyRequestIdParams', params: 'legacy',
    response: 'LegacyVoidResult', labels: ['deprecated'], summary: 'Void within 24 hours: cancel, refunding a paid request (legacy; deprecated)',
  },
  {
    method: 'POST', path: '/payments/api/transactions.refund', operation: 'legacyRefundTransaction',
    permission: 'payment-requests:refund', authentication: 'apiKey', body: 'LegacyRefundParams', params: 'legacy',
    response: 'LegacyTransactionResult', labels: ['deprecated'], summary: 'Refund a payment transaction (legacy; deprecated)',
  },
] as const satisfies readonly RouteSpec[];
