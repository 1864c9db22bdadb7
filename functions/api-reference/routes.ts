import type { RouteSpec } from '../core/http/route';

/**
 * The API reference page (docs/api-reference.md): Scalar rendering `GET /api/openapi.json`, its script served by us
 * (no CDN); functions/routes.ts assembles every group's routes into the route table.
 */
export const ROUTES = [
  {
    method: 'GET',
    path: '/docs',
    operation: 'renderApiReference',
    permission: null,
    authentication: 'none',
    contentType: 'text/html',
    summary: 'The API reference page: every route of the OpenAPI document, with requests to try',
  },
  {
    method: 'GET',
    path: '/docs/api-reference.js',
    operation: 'getApiReferenceScript',
    permission: null,
    authentication: 'none',
    query: 'ApiReferenceScriptQuery',
    contentType: 'text/javascript',
    summary: "The reference page's script (Scalar's browser bundle), gzipped; `v` names the version to cache",
  },
] as const satisfies readonly RouteSpec[];
