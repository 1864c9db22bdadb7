import type { RouteSpec } from '../core/http/route';

/**
 * The hosted checkout's routes (docs/api/hosted-checkout.md): the page a payment request's `url` opens and
 * the page's own routes; functions/routes.ts assembles every group's into the route table. Public like
 * the page; the two actions need the HMAC token only the page carries (checkout-token.ts), and widen
 * no grant.
 */
export const ROUTES = [
  {
    method: 'GET',
    path: '/pay/{paymentRequestId}',
    operation: 'renderPayPage',
    permission: null,
    authentication: 'none',
    contentType: 'text/html',
    summary: 'The pay page a payment request URL opens',
  },
  {
    method: 'GET',
    path: '/pay/{paymentRequestId}/status',
    operation: 'getCheckoutStatus',
    permission: null,
    authentication: 'none',
    response: 'CheckoutStatus',
    summary: 'Live status the hosted checkout page polls',
  },
  {
    method: 'POST',
    path: '/pay/{paymentRequestId}/cancel',
    operation: 'cancelFromCheckout',
    permission: null,
    authentication: 'none',
    query: 'CheckoutActionQuery',
    contentType: 'text/html',
    summary: 'Hosted checkout: the shopper cancels (CANCELLED_BY_PATRON) and is sent to redirectCancelUrl (303)',
  },
  // The payment is the platform's test payer's, authorized by the matrix like any pay
  // (checkout-test-payer.ts): `alsoNeeds` puts the rows it is checked against in this group's build.
  {
    method: 'POST',
    path: '/pay/{paymentRequestId}/test-pay',
    operation: 'testPayFromCheckout',
    permission: null,
    alsoNeeds: ['payment-requests:pay', 'assets:spend'],
    authentication: 'none',
    query: 'CheckoutActionQuery',
    contentType: 'text/html',
    summary: "Hosted checkout, test mode: pay from the platform's test wallet, then back to the page (303)",
  },
] as const satisfies readonly RouteSpec[];
