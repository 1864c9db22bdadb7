import type { RouteSpec } from '../core/http/route';

/** The merchant-configs group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST',
    path: '/api/merchants/{merchantId}/configs',
    operation: 'createMerchantConfig',
    permission: 'merchants:update',
    authentication: 'apiKey',
    body: 'MerchantConfigBody',
    response: 'MerchantConfig',
    summary: 'Create a merchant config (payment options; settlement wallets made where omitted)',
  },
  {
    method: 'GET',
    path: '/api/merchant-configs/{configId}',
    operation: 'getMerchantConfig',
    permission: 'merchants:read',
    authentication: 'apiKey',
    response: 'MerchantConfig',
    summary: 'Get a merchant config',
  },
  {
    method: 'GET',
    path: '/api/merchants/{merchantId}/configs',
    operation: 'listMerchantConfigs',
    permission: 'merchants:read',
    authentication: 'apiKey',
    response: 'MerchantConfigList',
    summary: 'List the configs of a merchant',
  },
  {
    method: 'PUT',
    path: '/api/merchants/{merchantId}/configs/{configId}',
    operation: 'updateMerchantConfig',
    permission: 'merchants:update',
    authentication: 'apiKey',
    body: 'MerchantConfigBody',
    response: 'MerchantConfig',
    summary: 'Replace the payment options of a merchant config',
  },
  {
    method: 'GET',
    path: '/api/merchants/{merchantId}/configs/{configId}',
    operation: 'getMerchantConfigOfMerchant',
    permission: 'merchants:read',
    authentication: 'apiKey',
    response: 'MerchantConfig',
    labels: ['deprecated'],
    summary: 'Get a merchant config by merchant and config id (deprecated)',
  },
] as const satisfies readonly RouteSpec[];
