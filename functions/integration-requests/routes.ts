import type { RouteSpec } from '../core/http/route';

/** The integration-requests group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST', path: '/api/integration-requests', operation: 'createIntegrationRequest',
    permission: 'integration-requests:create', authentication: 'apiKey', body: 'CreateIntegrationRequestBody', response: 'CreatedIntegrationRequest',
    summary: "Ask to serve a merchant through an integration (pending until the merchant's account activates it)", labels: ['experimental'],
  },
  {
    method: 'GET', path: '/api/integration-requests/{integrationRequestId}', operation: 'getIntegrationRequest',
    permission: 'integration-requests:read', authentication: 'apiKey', response: 'IntegrationRequest',
    summary: 'Get an integration request (either party)', labels: ['experimental'],
  },
  {
    method: 'GET', path: '/api/integration-requests', operation: 'listIntegrationRequests',
    permission: 'integration-requests:read', authentication: 'apiKey', query: 'IntegrationRequestsQuery', response: 'IntegrationRequestPage',
    summary: "An account's integration requests, newest first (by type; pending only)",
  },
  {
    method: 'PUT', path: '/api/integration-requests/{integrationRequestId}/configs', operation: 'configureIntegrationRequest',
    permission: 'integration-requests:configure', authentication: 'apiKey', body: 'IntegrationConfigsBody', response: 'IntegrationRequest',
    summary: "Set an integration request's configuration (platform operator)", labels: ['experimental'],
  },
  {
    method: 'GET', path: '/api/integration-requests/{integrationRequestId}/configs', operation: 'getIntegrationConfigs',
    permission: 'integration-requests:read', authentication: 'apiKey', response: 'IntegrationConfigs',
    summary: "An integration request's configuration", labels: ['experimental'],
  },
  {
    method: 'POST', path: '/api/integration-requests/{integrationRequestId}/activate', operation: 'activateIntegrationRequest',
    permission: 'integration-requests:activate', authentication: 'apiKey', response: 'IntegrationRequest',
    summary: "Activate an integration request (the merchant's account): the requesting account's terminals may then create its payment requests",
    labels: ['experimental'],
  },
  {
    method: 'DELETE', path: '/api/integration-requests/{integrationRequestId}', operation: 'deleteIntegrationRequest',
    permission: 'integration-requests:create', authentication: 'apiKey', response: 'DeletedIntegrationRequest',
    summary: 'Delete an integration request (either party); what it granted ends with it', labels: ['experimental'],
  },
] as const satisfies readonly RouteSpec[];
