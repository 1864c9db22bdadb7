import type { RouteSpec } from '../core/http/route';

/** The sales-channels group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST',
    path: '/api/sales-channels',
    operation: 'createSalesChannel',
    permission: 'sales-channels:create',
    authentication: 'apiKey',
    body: 'CreateSalesChannelBody',
    response: 'SalesChannel',
    labels: ['experimental'],
    summary: 'Create a sales channel (reseller or provider) of an org account',
  },
  {
    method: 'GET',
    path: '/api/sales-channels/{salesChannelId}',
    operation: 'getSalesChannel',
    permission: 'sales-channels:read',
    authentication: 'apiKey',
    response: 'SalesChannel',
    summary: 'Get a sales channel',
  },
  {
    method: 'POST',
    path: '/api/sales-channel-memberships',
    operation: 'createSalesChannelMembership',
    permission: 'sales-channel-memberships:create',
    authentication: 'apiKey',
    body: 'CreateSalesChannelMembershipBody',
    response: 'SalesChannelMembership',
    labels: ['experimental'],
    summary: "Join a merchant of the caller's account to a sales channel of the same liveness (once; again: as it is)",
  },
] as const satisfies readonly RouteSpec[];
