import type { RouteSpec } from '../core/http/route';

/** The quotas group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'GET',
    path: '/api/accounts/{accountId}/quotas',
    operation: 'getQuotas',
    permission: 'quotas:read',
    authentication: 'apiKey',
    response: 'QuotaList',
    summary: "An account's spend and top-up quotas per money asset type: limit and usage in the current month and year",
  },
  {
    method: 'PUT',
    path: '/api/accounts/{accountId}/quota-limits',
    operation: 'setQuotaLimits',
    permission: 'quotas:manage-limits',
    authentication: 'apiKey',
    body: 'SetQuotaLimitsBody',
    response: 'QuotaList',
    summary:
      "Set an account's own quota limits, replacing those set before; " +
      'quotas not named have the default (platform operator)',
  },
] as const satisfies readonly RouteSpec[];
