import type { RouteSpec } from '../core/http/route';

/** The webhooks group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST', path: '/api/accounts/{accountId}/webhooks', operation: 'createWebhook',
    permission: 'webhooks:manage', authentication: 'apiKey', body: 'CreateWebhookBody', response: 'Webhook',
    summary: 'Register a webhook endpoint for notification types of an account (platform operator)',
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}/webhooks', operation: 'listWebhooks',
    permission: 'webhooks:read', authentication: 'apiKey', response: 'WebhookList', summary: "List an account's webhook endpoints",
  },
  {
    method: 'DELETE', path: '/api/accounts/{accountId}/webhooks/{webhookId}', operation: 'deleteWebhook',
    permission: 'webhooks:manage', authentication: 'apiKey', summary: 'Remove a webhook endpoint (platform operator)',
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}/webhook-deliveries', operation: 'listWebhookDeliveries',
    permission: 'webhooks:read', authentication: 'apiKey', query: 'ListWebhookDeliveriesQuery', response: 'WebhookDeliveryPage',
    summary: "Webhook deliveries of an account's events with every attempt, newest first",
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}/webhook-events', operation: 'listWebhookEvents',
    permission: 'webhooks:read', authentication: 'apiKey', query: 'ListWebhookEventsQuery', response: 'WebhookEventPage',
    summary: "An account's notification events with their deliveries, newest first (the event log)",
  },
  {
    method: 'POST', path: '/api/accounts/{accountId}/webhook-events/{eventId}/redeliver', operation: 'redeliverWebhookEvent',
    permission: 'webhooks:deliver', authentication: 'apiKey', body: 'RedeliverWebhookEventBody', response: 'WebhookEvent',
    summary: 'Deliver an event again, to every endpoint subscribed to its type or to one (`webhookId`)',
  },
  {
    method: 'POST', path: '/api/accounts/{accountId}/webhook-events/test', operation: 'createTestWebhookEvent',
    permission: 'webhooks:deliver', authentication: 'apiKey', body: 'CreateTestWebhookEventBody', response: 'WebhookEvent',
    summary: "Send a test event of a type (sample data) to the account's endpoints subscribed to it",
  },
] as const satisfies readonly RouteSpec[];
