import type { RouteSpec } from '../core/http/route';

/** The connections group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST',
    path: '/api/connections',
    operation: 'createConnection',
    permission: 'connections:create',
    authentication: 'apiKey',
    body: 'CreateConnectionBody',
    response: 'Connection',
    labels: ['experimental'],
    summary: 'Ask to connect a wallet to a merchant (created, with the link a wallet app authorizes it through)',
  },
  {
    method: 'POST',
    path: '/api/connections/{connectionId}/authorize',
    operation: 'authorizeConnection',
    permission: 'connections:authorize',
    authentication: 'apiKey',
    body: 'AuthorizeConnectionBody',
    response: 'Connection',
    labels: ['experimental'],
    summary: "Authorize a connection with a wallet app of the caller's account",
  },
  {
    method: 'GET',
    path: '/api/connections/{connectionId}/summary',
    operation: 'getConnectionSummary',
    permission: null,
    authentication: 'none',
    response: 'ConnectionSummary',
    summary: "A connection's summary for the wallet app authorizing it (no authentication)",
  },
  {
    method: 'GET',
    path: '/api/connections/{connectionId}/latest-payment-request',
    operation: 'getLatestPaymentRequest',
    permission: 'connections:read-payment-requests',
    authentication: 'apiKey',
    response: 'PaymentRequest',
    summary: 'The latest payment request naming a connection, to the account whose wallet app authorized it',
  },
  {
    method: 'GET',
    path: '/connect/{connectionId}',
    operation: 'renderConnectPage',
    permission: null,
    authentication: 'none',
    contentType: 'text/html',
    summary: "The page a connection's url opens: the wallet apps that can take it, or the one that has",
  },
] as const satisfies readonly RouteSpec[];
