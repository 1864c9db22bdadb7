/**
 * THE route table. The CDK stack (one Lambda per group, one API route per entry), the local
 * gateway, the OpenAPI document and the route-driven tests all derive from it.
 * Adding an endpoint = one entry here + one operation module + its schemas.
 */
import type { Permission } from './core/auth/permissions';
import type { SchemaId } from '../schemas';

export const GROUPS = ['system', 'accounts', 'wallet-assets'] as const;
export type Group = (typeof GROUPS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Label = 'deprecated' | 'experimental';

export interface Route {
  method: HttpMethod;
  /** API Gateway path template, `{name}` for path parameters. */
  path: string;
  group: Group;
  /** Operation module name inside functions/<group>/. */
  operation: string;
  /** Permission from the roles matrix; null only for routes without authentication. */
  permission: Permission | null;
  authentication: 'apiKey' | 'none';
  body?: SchemaId;
  query?: SchemaId;
  response?: SchemaId;
  labels?: readonly Label[];
  summary: string;
}

export const ROUTES = [
  {
    method: 'GET', path: '/api/openapi.json', group: 'system', operation: 'getOpenApi',
    permission: null, authentication: 'none', summary: 'OpenAPI 3.1 document of this API',
  },
  {
    method: 'POST', path: '/api/accounts', group: 'accounts', operation: 'createAccount',
    permission: 'accounts:create', authentication: 'apiKey', body: 'CreateAccountBody', response: 'Account',
    summary: 'Create an account (org or individual) owned by the calling account',
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}', group: 'accounts', operation: 'getAccount',
    permission: 'accounts:read', authentication: 'apiKey', response: 'Account', summary: 'Get an account',
  },
  {
    method: 'PUT', path: '/api/accounts/{accountId}', group: 'accounts', operation: 'updateAccount',
    permission: 'accounts:update', authentication: 'apiKey', body: 'UpdateAccountBody', response: 'Account',
    summary: 'Rename an account',
  },
  {
    method: 'PUT', path: '/api/accounts/{accountId}/subscriptions', group: 'accounts', operation: 'setSubscriptions',
    permission: 'accounts:manage-subscriptions', authentication: 'apiKey', body: 'SetSubscriptionsBody',
    response: 'Subscriptions', summary: 'Set the subscriptions of an account (platform operator)',
  },
  {
    method: 'PUT', path: '/api/accounts/{accountId}/rate-limit', group: 'accounts', operation: 'setRateLimit',
    permission: 'accounts:manage-limits', authentication: 'apiKey', body: 'SetRateLimitBody', response: 'Account',
    summary: "Set an account's requests-per-minute limit (platform operator)",
  },
  {
    method: 'POST', path: '/api/accounts/{accountId}/api-keys', group: 'accounts', operation: 'createApiKey',
    permission: 'api-keys:create', authentication: 'apiKey', body: 'CreateApiKeyBody', response: 'CreatedApiKey',
    summary: 'Create an API key; the secret is returned only here',
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}/api-keys', group: 'accounts', operation: 'listApiKeys',
    permission: 'api-keys:list', authentication: 'apiKey', response: 'ApiKeyList', summary: 'List API keys of an account',
  },
  {
    method: 'PUT', path: '/api/accounts/{accountId}/api-keys/{apiKeyName}', group: 'accounts', operation: 'updateApiKey',
    permission: 'api-keys:update', authentication: 'apiKey', body: 'UpdateApiKeyBody', response: 'ApiKey',
    summary: 'Enable or disable an API key',
  },
  {
    method: 'POST', path: '/api/wallet-assets', group: 'wallet-assets', operation: 'createWalletAsset',
    permission: 'wallet-assets:create', authentication: 'apiKey', body: 'CreateWalletAssetBody', response: 'WalletAsset',
    summary: 'Create a money wallet asset (optionally a settlement wallet)',
  },
  {
    method: 'GET', path: '/api/wallet-assets', group: 'wallet-assets', operation: 'listWalletAssets',
    permission: 'wallet-assets:read', authentication: 'apiKey', query: 'ListWalletAssetsQuery', response: 'WalletAssetList',
    summary: "List the caller's wallet assets with their balances",
  },
  {
    method: 'GET', path: '/api/assets/{assetId}', group: 'wallet-assets', operation: 'getAsset',
    permission: 'assets:read', authentication: 'apiKey', response: 'WalletAsset', summary: 'Get an asset with its balance',
  },
  {
    method: 'GET', path: '/api/wallets/{walletId}/transactions', group: 'wallet-assets', operation: 'listWalletTransactions',
    permission: 'wallet-assets:read', authentication: 'apiKey', query: 'WalletTransactionsQuery', response: 'WalletTransactionPage',
    summary: 'Ledger history of a wallet asset, newest first',
  },
  {
    method: 'POST', path: '/api/wallet-assets/{assetId}/test-topups', group: 'wallet-assets', operation: 'createTestTopup',
    permission: 'wallet-assets:deposit', authentication: 'apiKey', body: 'TestTopupBody', response: 'TestTopup',
    summary: 'Fund a test wallet asset instantly with test money (idempotent)',
  },
] as const satisfies readonly Route[];

export type RouteEntry = (typeof ROUTES)[number];
export type OperationName<G extends Group> = Extract<RouteEntry, { group: G }>['operation'];

export const routeKey = (route: Pick<Route, 'method' | 'path'>) => `${route.method} ${route.path}`;

const BY_KEY: ReadonlyMap<string, Route> = new Map(ROUTES.map((r) => [routeKey(r), r as Route]));

export function routeByKey(key: string): Route | undefined {
  return BY_KEY.get(key);
}
