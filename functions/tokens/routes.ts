import type { RouteSpec } from '../core/http/route';

/** The tokens group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST', path: '/api/collections', operation: 'createCollection',
    permission: 'collections:create', authentication: 'apiKey', body: 'CreateCollectionBody', response: 'TokenCollection',
    labels: ['experimental'], summary: 'Create a token collection (branding and rules of its tokens)',
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}/collections', operation: 'listCollections',
    permission: 'collections:read', authentication: 'apiKey', query: 'CollectionsQuery', response: 'TokenCollectionPage',
    labels: ['experimental'], summary: "An account's token collections, newest first",
  },
  {
    method: 'POST', path: '/api/collections/{collectionId}/redemption-conditions', operation: 'createRedemptionCondition',
    permission: 'redemption-conditions:create', authentication: 'apiKey', body: 'CreateRedemptionConditionBody', response: 'RedemptionCondition',
    labels: ['experimental'], summary: "Let a merchant redeem a product collection's tokens for allowed products",
  },
  {
    method: 'POST', path: '/api/collections/{collectionId}/redemption-conditions/{redemptionConditionId}/set-allowed-products', operation: 'setAllowedProducts',
    permission: 'redemption-conditions:update', authentication: 'apiKey', body: 'SetAllowedProductsBody', response: 'RedemptionCondition',
    labels: ['experimental'], summary: "Replace a redemption condition's allowed products",
  },
  {
    method: 'POST', path: '/api/tokens', operation: 'createToken',
    permission: 'tokens:create', authentication: 'apiKey', body: 'CreateTokenBody', response: 'Token',
    labels: ['experimental'], summary: 'Issue a token of a product collection into an account (once per idempotency key)',
  },
] as const satisfies readonly RouteSpec[];
