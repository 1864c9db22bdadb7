import type { RouteSpec } from '../core/http/route';

/**
 * The payment-activities group's routes: the listings of payment requests and their activities,
 * served from payment-requests' public face; functions/routes.ts assembles every group's into the
 * route table.
 */
export const ROUTES = [
  {
    method: 'GET',
    path: '/api/payment-requests/external-ref/{externalRef}',
    operation: 'listPaymentRequestsByExternalRef',
    permission: 'payment-requests:read',
    authentication: 'apiKey',
    query: 'ExternalRefQuery',
    response: 'PaymentRequestPage',
    impossibleId: 'badRequest',
    summary: 'Payment requests of a merchant account with an external reference, newest first',
  },
  {
    method: 'GET',
    path: '/api/payment-requests/{paymentRequestId}/activities',
    operation: 'listPaymentRequestActivities',
    permission: 'payment-activities:read',
    authentication: 'apiKey',
    response: 'PaymentActivityPage',
    summary: 'Activities of a payment request, newest first',
  },
  {
    method: 'GET',
    path: '/api/payment-activities',
    operation: 'listPaymentActivities',
    permission: 'payment-activities:read',
    authentication: 'apiKey',
    query: 'PaymentActivitiesQuery',
    response: 'PaymentActivityPage',
    summary: 'Payment activities of a merchant, newest first',
  },
] as const satisfies readonly RouteSpec[];
