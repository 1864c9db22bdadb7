import type { RouteSpec } from '../core/http/route';

/** The managed-integrations group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'PUT',
    path: '/api/managed-integrations/{type}/{externalId}',
    operation: 'putManagedIntegration',
    permission: 'managed-integrations:update',
    authentication: 'apiKey',
    body: 'PutManagedIntegrationBody',
    response: 'ManagedIntegration',
    impossibleId: 'badRequest',
    summary: "Create or update the caller's account's managed integration of a type and external id",
  },
  {
    method: 'GET',
    path: '/api/managed-integrations/{type}/{externalId}',
    operation: 'getManagedIntegration',
    permission: 'managed-integrations:read',
    authentication: 'apiKey',
    response: 'ManagedIntegration',
    impossibleId: 'badRequest',
    summary: "Get the caller's account's managed integration of a type and external id",
  },
  {
    method: 'GET',
    path: '/api/accounts/{accountId}/managed-integrations',
    operation: 'listManagedIntegrations',
    permission: 'managed-integrations:read',
    authentication: 'apiKey',
    query: 'ManagedIntegrationsQuery',
    response: 'ManagedIntegrationPage',
    summary: "An account's managed integrations, newest first",
  },
  {
    method: 'POST',
    path: '/api/accounts/{accountId}/managed-integrations/{type}/{externalId}/provider-outcome',
    operation: 'reportProviderOutcome',
    permission: 'managed-integrations:report-provider-outcome',
    authentication: 'apiKey',
    body: 'ProviderOutcomeBody',
    response: 'ManagedIntegration',
    impossibleId: 'badRequest',
    summary:
      "Make the provider report an account's managed integration provisioned, failed or deprovisioned (operator)",
  },
] as const satisfies readonly RouteSpec[];
