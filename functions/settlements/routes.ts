import type { RouteSpec } from '../core/http/route';

/** The settlements group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'GET',
    path: '/api/merchants/{merchantId}/settlements',
    operation: 'listMerchantSettlements',
    permission: 'merchants:read',
    authentication: 'apiKey',
    query: 'SettlementsQuery',
    response: 'SettlementPage',
    summary: "A merchant's settlements, newest first",
  },
  {
    method: 'POST',
    path: '/api/settlements/{settlementId}/bank-outcome',
    operation: 'reportSettlementBankOutcome',
    permission: 'bank-simulator:report',
    authentication: 'apiKey',
    body: 'SettlementBankOutcomeBody',
    response: 'Settlement',
    summary: "Make the simulated bank pay or return a test settlement's payout now (platform operator)",
  },
] as const satisfies readonly RouteSpec[];
