import type { RouteSpec } from '../core/http/route';

/** The system group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'GET',
    path: '/api/openapi.json',
    operation: 'getOpenApi',
    permission: null,
    authentication: 'none',
    summary: 'OpenAPI 3.1 document of this API',
  },
  {
    method: 'GET',
    path: '/api/.well-known/jwks.json',
    operation: 'getJwks',
    permission: null,
    authentication: 'none',
    response: 'Jwks',
    cacheControl: 'public, max-age=300',
    summary: 'Public keys (JWKS) that verify webhook JWTs; a key stays listed while tokens it signed are in use',
  },
] as const satisfies readonly RouteSpec[];
