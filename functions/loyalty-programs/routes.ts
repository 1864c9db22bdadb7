import type { RouteSpec } from '../core/http/route';

/** The loyalty-programs group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST',
    path: '/api/loyalty-programs',
    operation: 'createLoyaltyProgram',
    permission: 'loyalty-programs:create',
    authentication: 'apiKey',
    body: 'CreateLoyaltyProgramBody',
    response: 'LoyaltyProgram',
    summary: 'Create a loyalty program of an org account (draft, public, no members)',
  },
  {
    method: 'GET',
    path: '/api/accounts/{accountId}/loyalty-programs',
    operation: 'listLoyaltyPrograms',
    permission: 'loyalty-programs:read',
    authentication: 'apiKey',
    query: 'LoyaltyProgramsQuery',
    response: 'LoyaltyProgramPage',
    summary: "An account's loyalty programs, newest first",
  },
  {
    method: 'GET',
    path: '/api/loyalty-programs/{loyaltyProgramId}',
    operation: 'getLoyaltyProgram',
    permission: 'loyalty-programs:read',
    authentication: 'apiKey',
    response: 'LoyaltyProgram',
    summary: 'Get a loyalty program',
  },
  {
    method: 'POST',
    path: '/api/loyalty-programs/{loyaltyProgramId}/activate',
    operation: 'activateLoyaltyProgram',
    permission: 'loyalty-programs:create',
    authentication: 'apiKey',
    response: 'LoyaltyProgram',
    summary: 'Activate a draft loyalty program',
  },
  {
    method: 'PUT',
    path: '/api/loyalty-programs/{loyaltyProgramId}/visibility',
    operation: 'setLoyaltyProgramVisibility',
    permission: 'loyalty-programs:create',
    authentication: 'apiKey',
    body: 'LoyaltyProgramVisibilityBody',
    response: 'LoyaltyProgram',
    summary: "Set a loyalty program's visibility (public or unlisted)",
  },
] as const satisfies readonly RouteSpec[];
