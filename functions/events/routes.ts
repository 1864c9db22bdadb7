import type { RouteSpec } from '../core/http/route';

/** The events group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST',
    path: '/api/accounts/{accountId}/events',
    operation: 'createEvent',
    permission: 'events:create',
    authentication: 'apiKey',
    body: 'CreateEventBody',
    response: 'Event',
    summary: 'Record an event of an account (once per idempotencyKey)',
  },
  {
    method: 'GET',
    path: '/api/accounts/{accountId}/events',
    operation: 'listEvents',
    permission: 'events:read',
    authentication: 'apiKey',
    query: 'EventsQuery',
    response: 'EventPage',
    summary: "An account's events, newest first",
  },
] as const satisfies readonly RouteSpec[];
