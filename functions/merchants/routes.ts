import type { RouteSpec } from '../core/http/route';

/** The merchants group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST', path: '/api/merchants', operation: 'createMerchant',
    permission: 'merchants:create', authentication: 'apiKey', body: 'CreateMerchantBody', response: 'Merchant',
    summary: 'Create a merchant (onboardingStatus applied)',
  },
  {
    method: 'GET', path: '/api/merchants/search', operation: 'searchMerchants',
    permission: null, authentication: 'none', query: 'MerchantSearchQuery', response: 'MerchantSearchResults',
    summary: 'Search merchants by place, name, asset and category (no authentication)',
  },
  {
    method: 'GET', path: '/api/merchants/{merchantId}', operation: 'getMerchant',
    permission: 'merchants:read', authentication: 'apiKey', response: 'Merchant', summary: 'Get a merchant',
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}/merchants', operation: 'listAccountMerchants',
    permission: 'merchants:list', authentication: 'apiKey', query: 'ListMerchantsQuery', response: 'MerchantPage',
    summary: 'Merchants of an account, newest first',
  },
  {
    method: 'GET', path: '/api/merchants', operation: 'listMyMerchants',
    permission: 'merchants:list', authentication: 'apiKey', query: 'ListMerchantsQuery', response: 'MerchantPage', labels: ['deprecated'],
    summary: "Merchants of the caller's account (deprecated)",
  },
  {
    method: 'PUT', path: '/api/merchants/{merchantId}', operation: 'updateMerchant',
    permission: 'merchants:update', authentication: 'apiKey', body: 'UpdateMerchantBody', response: 'Merchant', summary: 'Update a merchant',
  },
  {
    method: 'POST', path: '/api/merchants/{merchantId}/set-onboarding-status', operation: 'setOnboardingStatus',
    permission: 'merchants:update', authentication: 'apiKey', body: 'SetOnboardingStatusBody', response: 'MerchantActivity',
    summary: 'Set the onboarding status of a merchant (with a reason where required)',
  },
  {
    method: 'POST', path: '/api/merchants/{merchantId}/metadata', operation: 'setMerchantMetadata',
    permission: 'merchants:update', authentication: 'apiKey', body: 'MerchantMetadataBody', response: 'MerchantMetadata',
    summary: 'Merge metadata into a merchant (an empty string removes a key)',
  },
  {
    method: 'GET', path: '/api/merchants/{merchantId}/supported-wallets', operation: 'listSupportedWallets',
    permission: 'merchants:read', authentication: 'apiKey', response: 'WalletList', summary: "Wallet apps that can pay with the merchant's accepted asset types",
  },
] as const satisfies readonly RouteSpec[];
