import type { RouteSpec } from '../core/http/route';

/** The payment-links group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST',
    path: '/api/payment-links',
    operation: 'createPaymentLink',
    permission: 'payment-links:create',
    authentication: 'apiKey',
    body: 'CreatePaymentLinkBody',
    response: 'PaymentLink',
    labels: ['experimental'],
    summary: 'Create a payment link of a merchant, for its payment requests to be made through',
  },
  {
    method: 'GET',
    path: '/api/payment-links/{paymentLinkId}',
    operation: 'getPaymentLink',
    permission: 'payment-links:read',
    authentication: 'apiKey',
    response: 'PaymentLink',
    labels: ['experimental'],
    summary: 'Get a payment link',
  },
  {
    method: 'GET',
    path: '/api/payment-links/{paymentLinkId}/summary',
    operation: 'getPaymentLinkSummary',
    permission: null,
    authentication: 'none',
    response: 'PaymentLinkSummary',
    labels: ['experimental'],
    summary: "A payment link's merchant and payment request to pay (no authentication)",
  },
  {
    // The documented path has no /api prefix (https://docs.centrapay.com/api/payment-links).
    method: 'GET',
    path: '/merchants/{merchantId}/payment-links',
    operation: 'listMerchantPaymentLinks',
    permission: 'payment-links:read',
    authentication: 'apiKey',
    query: 'PaymentLinksQuery',
    response: 'PaymentLinkPage',
    labels: ['experimental'],
    summary: "A merchant's payment links, newest first",
  },
  {
    method: 'POST',
    path: '/api/payment-links/{paymentLinkId}/archive',
    operation: 'archivePaymentLink',
    permission: 'payment-links:update',
    authentication: 'apiKey',
    response: 'PaymentLink',
    labels: ['experimental'],
    summary: 'Archive a payment link: it takes no more payment requests',
  },
] as const satisfies readonly RouteSpec[];
