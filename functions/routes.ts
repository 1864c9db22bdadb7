/**
 * THE route table. The CDK stack (one Lambda per group, one API route per entry), the local
 * gateway, the OpenAPI document and the route-driven tests all derive from it.
 * Adding an endpoint = one entry here + one operation module + its schemas.
 */
import type { Permission } from './core/auth/permissions';
import type { SchemaId } from '../schemas';

export const GROUPS = ['system', 'accounts', 'wallet-assets', 'merchants', 'merchant-configs', 'payment-requests', 'patron-codes', 'wallets', 'legacy-payment-requests', 'webhooks'] as const;
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
  /**
   * Permissions the operation's effect needs besides the route's, checked by the operation on the
   * account whose resource the effect uses (paying spends an asset: `assets:spend` on its account).
   */
  alsoNeeds?: readonly Permission[];
  body?: SchemaId;
  query?: SchemaId;
  /**
   * `legacy`: the `body` schema is validated over the query string, a form-encoded body and a JSON
   * body merged into one object (body wins), with numeric strings coerced, as legacy clients send
   * their parameters any of those ways.
   */
  params?: 'legacy';
  response?: SchemaId;
  labels?: readonly Label[];
  /** Responses are JSON unless a route serves a page. */
  contentType?: 'text/html';
  /** Responses are `no-store` unless the route says how long they may be cached. */
  cacheControl?: string;
  summary: string;
}

export const ROUTES = [
  {
    method: 'GET', path: '/api/openapi.json', group: 'system', operation: 'getOpenApi',
    permission: null, authentication: 'none', summary: 'OpenAPI 3.1 document of this API',
  },
  {
    method: 'GET', path: '/api/.well-known/jwks.json', group: 'system', operation: 'getJwks',
    permission: null, authentication: 'none', response: 'Jwks', cacheControl: 'public, max-age=300',
    summary: 'Public keys (JWKS) that verify webhook JWTs; a key stays listed while tokens it signed are in use',
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
  {
    method: 'POST', path: '/api/merchants', group: 'merchants', operation: 'createMerchant',
    permission: 'merchants:create', authentication: 'apiKey', body: 'CreateMerchantBody', response: 'Merchant',
    summary: 'Create a merchant (onboardingStatus applied)',
  },
  {
    method: 'GET', path: '/api/merchants/search', group: 'merchants', operation: 'searchMerchants',
    permission: null, authentication: 'none', query: 'MerchantSearchQuery', response: 'MerchantSearchResults',
    summary: 'Search merchants by place, name, asset and category (no authentication)',
  },
  {
    method: 'GET', path: '/api/merchants/{merchantId}', group: 'merchants', operation: 'getMerchant',
    permission: 'merchants:read', authentication: 'apiKey', response: 'Merchant', summary: 'Get a merchant',
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}/merchants', group: 'merchants', operation: 'listAccountMerchants',
    permission: 'merchants:list', authentication: 'apiKey', query: 'ListMerchantsQuery', response: 'MerchantPage',
    summary: 'Merchants of an account, newest first',
  },
  {
    method: 'GET', path: '/api/merchants', group: 'merchants', operation: 'listMyMerchants',
    permission: 'merchants:list', authentication: 'apiKey', query: 'ListMerchantsQuery', response: 'MerchantPage', labels: ['deprecated'],
    summary: "Merchants of the caller's account (deprecated)",
  },
  {
    method: 'PUT', path: '/api/merchants/{merchantId}', group: 'merchants', operation: 'updateMerchant',
    permission: 'merchants:update', authentication: 'apiKey', body: 'UpdateMerchantBody', response: 'Merchant', summary: 'Update a merchant',
  },
  {
    method: 'POST', path: '/api/merchants/{merchantId}/set-onboarding-status', group: 'merchants', operation: 'setOnboardingStatus',
    permission: 'merchants:update', authentication: 'apiKey', body: 'SetOnboardingStatusBody', response: 'MerchantActivity',
    summary: 'Set the onboarding status of a merchant (with a reason where required)',
  },
  {
    method: 'POST', path: '/api/merchants/{merchantId}/metadata', group: 'merchants', operation: 'setMerchantMetadata',
    permission: 'merchants:update', authentication: 'apiKey', body: 'MerchantMetadataBody', response: 'MerchantMetadata',
    summary: 'Merge metadata into a merchant (an empty string removes a key)',
  },
  {
    method: 'POST', path: '/api/merchants/{merchantId}/configs', group: 'merchant-configs', operation: 'createMerchantConfig',
    permission: 'merchants:update', authentication: 'apiKey', body: 'MerchantConfigBody', response: 'MerchantConfig',
    summary: 'Create a merchant config (payment options; settlement wallets made where omitted)',
  },
  {
    method: 'GET', path: '/api/merchant-configs/{configId}', group: 'merchant-configs', operation: 'getMerchantConfig',
    permission: 'merchants:read', authentication: 'apiKey', response: 'MerchantConfig', summary: 'Get a merchant config',
  },
  {
    method: 'GET', path: '/api/merchants/{merchantId}/configs', group: 'merchant-configs', operation: 'listMerchantConfigs',
    permission: 'merchants:read', authentication: 'apiKey', response: 'MerchantConfigList', summary: 'List the configs of a merchant',
  },
  {
    method: 'PUT', path: '/api/merchants/{merchantId}/configs/{configId}', group: 'merchant-configs', operation: 'updateMerchantConfig',
    permission: 'merchants:update', authentication: 'apiKey', body: 'MerchantConfigBody', response: 'MerchantConfig',
    summary: 'Replace the payment options of a merchant config',
  },
  {
    method: 'GET', path: '/api/merchants/{merchantId}/configs/{configId}', group: 'merchant-configs', operation: 'getMerchantConfigOfMerchant',
    permission: 'merchants:read', authentication: 'apiKey', response: 'MerchantConfig', labels: ['deprecated'],
    summary: 'Get a merchant config by merchant and config id (deprecated)',
  },
  {
    method: 'POST', path: '/api/payment-requests', group: 'payment-requests', operation: 'createPaymentRequest',
    permission: 'payment-requests:create', authentication: 'apiKey', body: 'CreatePaymentRequestBody', response: 'PaymentRequest',
    summary: 'Create a payment request',
  },
  {
    method: 'GET', path: '/api/payment-requests/{paymentRequestId}', group: 'payment-requests', operation: 'getPaymentRequest',
    permission: 'payment-requests:read', authentication: 'apiKey', response: 'PaymentRequest', summary: 'Get a payment request',
  },
  {
    method: 'GET', path: '/api/payment-requests/short-code/{shortCode}', group: 'payment-requests', operation: 'getPaymentRequestByShortCode',
    permission: 'payment-requests:read-by-shortcode', authentication: 'apiKey', response: 'PaymentRequest',
    summary: 'Get the latest payment request with a short code',
  },
  {
    method: 'GET', path: '/api/payment-requests/{paymentRequestId}/summary', group: 'payment-requests', operation: 'getPaymentRequestSummary',
    permission: null, authentication: 'none', response: 'PaymentRequestSummary', summary: 'Public summary of a payable request',
  },
  {
    method: 'GET', path: '/pay/{paymentRequestId}', group: 'payment-requests', operation: 'renderPayPage',
    permission: null, authentication: 'none', contentType: 'text/html', summary: 'The pay page a payment request URL opens',
  },
  {
    method: 'GET', path: '/api/me/patron-code-payment-request', group: 'payment-requests', operation: 'getPatronCodePaymentRequest',
    permission: 'payment-requests:read', authentication: 'apiKey', response: 'PaymentRequest',
    summary: "Latest new request created with one of the caller's patron codes",
  },
  {
    method: 'GET', path: '/api/payment-requests/external-ref/{externalRef}', group: 'payment-requests', operation: 'listPaymentRequestsByExternalRef',
    permission: 'payment-requests:read', authentication: 'apiKey', query: 'ExternalRefQuery', response: 'PaymentRequestPage',
    summary: 'Payment requests of a merchant account with an external reference, newest first',
  },
  {
    method: 'GET', path: '/api/payment-requests/{paymentRequestId}/activities', group: 'payment-requests', operation: 'listPaymentRequestActivities',
    permission: 'payment-activities:read', authentication: 'apiKey', response: 'PaymentActivityPage', summary: 'Activities of a payment request, newest first',
  },
  {
    method: 'GET', path: '/api/payment-activities', group: 'payment-requests', operation: 'listPaymentActivities',
    permission: 'payment-activities:read', authentication: 'apiKey', query: 'PaymentActivitiesQuery', response: 'PaymentActivityPage',
    summary: 'Payment activities of a merchant, newest first',
  },
  {
    method: 'POST', path: '/api/payment-requests/{paymentRequestId}/pay', group: 'payment-requests', operation: 'payPaymentRequest',
    permission: 'payment-requests:pay', alsoNeeds: ['assets:spend'], authentication: 'apiKey', body: 'PayBody', response: 'PaymentActivity',
    summary: 'Pay a payment request (idempotent by idempotencyKey)',
  },
  {
    method: 'POST', path: '/api/payment-requests/{paymentRequestId}/cancel', group: 'payment-requests', operation: 'cancelPaymentRequest',
    permission: 'payment-requests:cancel', authentication: 'apiKey', response: 'PaymentActivity', summary: 'Cancel an unpaid payment request',
  },
  {
    method: 'POST', path: '/api/payment-requests/{paymentRequestId}/void', group: 'payment-requests', operation: 'voidPaymentRequest',
    permission: 'payment-requests:void', authentication: 'apiKey', response: 'PaymentActivity',
    summary: 'Void within 24 hours: cancel, refunding every payment',
  },
  {
    method: 'POST', path: '/api/payment-requests/{paymentRequestId}/refund', group: 'payment-requests', operation: 'refundPaymentRequest',
    permission: 'payment-requests:refund', authentication: 'apiKey', body: 'RefundBody', response: 'PaymentActivity',
    summary: 'Refund part or all of a paid request (idempotent by externalRef)',
  },
  {
    method: 'POST', path: '/api/payment-requests/{paymentRequestId}/confirm', group: 'payment-requests', operation: 'confirmPaymentRequest',
    permission: 'payment-requests:confirm', authentication: 'apiKey', body: 'ConfirmBody', response: 'PaymentActivity',
    summary: 'Confirm (draw down) part of an authorised pre-auth (idempotent by idempotencyKey)',
  },
  {
    method: 'POST', path: '/api/payment-requests/{paymentRequestId}/release', group: 'payment-requests', operation: 'releasePaymentRequest',
    permission: 'payment-requests:release', authentication: 'apiKey', response: 'PaymentActivity',
    summary: 'Release a pre-auth: unconfirmed funds return to the patron',
  },
  {
    method: 'POST', path: '/api/payment-requests/{paymentRequestId}/conditions/{conditionId}/accept', group: 'payment-requests', operation: 'acceptPaymentCondition',
    permission: 'payment-conditions:approve', authentication: 'apiKey', response: 'PaymentActivity', summary: 'Accept a payment condition',
  },
  {
    method: 'POST', path: '/api/payment-requests/{paymentRequestId}/conditions/{conditionId}/decline', group: 'payment-requests', operation: 'declinePaymentCondition',
    permission: 'payment-conditions:approve', authentication: 'apiKey', response: 'PaymentActivity', summary: 'Decline a payment condition (cancels the request)',
  },
  {
    method: 'GET', path: '/api/merchants/{merchantId}/supported-wallets', group: 'merchants', operation: 'listSupportedWallets',
    permission: 'merchants:read', authentication: 'apiKey', response: 'WalletList', summary: "Wallet apps that can pay with the merchant's accepted asset types",
  },
  {
    method: 'POST', path: '/api/wallets', group: 'wallets', operation: 'createWallet',
    permission: 'accounts:update', authentication: 'apiKey', body: 'CreateWalletBody', response: 'Wallet',
    summary: 'Register a consumer wallet app and the asset types it pays with',
  },
  {
    method: 'POST', path: '/api/patron-codes', group: 'patron-codes', operation: 'createPatronCode',
    permission: 'patron-codes:create', authentication: 'apiKey', body: 'CreatePatronCodeBody', response: 'PatronCode',
    summary: "Create a patron code (barcode) for the caller's account",
  },
  {
    method: 'GET', path: '/api/patron-codes/{patronCodeId}', group: 'patron-codes', operation: 'getPatronCode',
    permission: 'patron-codes:read', authentication: 'apiKey', response: 'PatronCode', summary: 'Get a patron code',
  },
  {
    method: 'GET', path: '/api/patron-codes/barcode/{barcode}', group: 'patron-codes', operation: 'getPatronCodeByBarcode',
    permission: 'patron-codes:read', authentication: 'apiKey', response: 'PatronCode', summary: 'Look up a live patron code by its barcode',
  },
  {
    method: 'GET', path: '/api/patron-codes/{namespace}/external-id/{externalId}', group: 'patron-codes', operation: 'getPatronCodeByExternalId',
    permission: 'patron-codes:read', authentication: 'apiKey', response: 'PatronCode', summary: 'Get a patron code by namespace and external id',
  },
  {
    method: 'POST', path: '/api/patron-codes/{patronCodeId}/metadata', group: 'patron-codes', operation: 'setPatronCodeMetadata',
    permission: 'patron-codes:read', authentication: 'apiKey', body: 'PatronCodeMetadataBody', response: 'PatronCodeMetadata',
    summary: 'Merge metadata into a live patron code',
  },
  {
    method: 'POST', path: '/payments/api/requests.create', group: 'legacy-payment-requests', operation: 'legacyCreateRequest',
    permission: 'payment-requests:create', authentication: 'apiKey', body: 'LegacyCreateRequestParams', params: 'legacy',
    response: 'LegacyPaymentRequest', labels: ['deprecated'], summary: 'Create a payment request (legacy; deprecated)',
  },
  {
    method: 'GET', path: '/payments/api/requests.info', group: 'legacy-payment-requests', operation: 'legacyRequestInfo',
    permission: 'payment-requests:read', authentication: 'apiKey', query: 'LegacyRequestInfoQuery',
    response: 'LegacyPaymentRequest', labels: ['deprecated'], summary: 'Get a payment request in the legacy view (deprecated)',
  },
  {
    method: 'POST', path: '/payments/api/requests.pay', group: 'legacy-payment-requests', operation: 'legacyPayRequest',
    permission: 'payment-requests:pay', alsoNeeds: ['assets:spend'], authentication: 'apiKey', body: 'LegacyPayParams', params: 'legacy',
    response: 'LegacyTransactionResult', labels: ['deprecated'], summary: 'Pay a payment request from a wallet asset (legacy; deprecated)',
  },
  {
    method: 'POST', path: '/payments/api/requests.cancel', group: 'legacy-payment-requests', operation: 'legacyCancelRequest',
    permission: 'payment-requests:cancel', authentication: 'apiKey', body: 'LegacyRequestIdParams', params: 'legacy',
    response: 'LegacyRequestSummary', labels: ['deprecated'], summary: 'Cancel an unpaid payment request (legacy; deprecated)',
  },
  {
    method: 'POST', path: '/payments/api/requests.void', group: 'legacy-payment-requests', operation: 'legacyVoidRequest',
    permission: 'payment-requests:void', authentication: 'apiKey', body: 'LegacyRequestIdParams', params: 'legacy',
    response: 'LegacyVoidResult', labels: ['deprecated'], summary: 'Void within 24 hours: cancel, refunding a paid request (legacy; deprecated)',
  },
  {
    method: 'POST', path: '/payments/api/transactions.refund', group: 'legacy-payment-requests', operation: 'legacyRefundTransaction',
    permission: 'payment-requests:refund', authentication: 'apiKey', body: 'LegacyRefundParams', params: 'legacy',
    response: 'LegacyTransactionResult', labels: ['deprecated'], summary: 'Refund a payment transaction (legacy; deprecated)',
  },
  {
    method: 'POST', path: '/api/accounts/{accountId}/webhooks', group: 'webhooks', operation: 'createWebhook',
    permission: 'webhooks:manage', authentication: 'apiKey', body: 'CreateWebhookBody', response: 'Webhook',
    summary: 'Register a webhook endpoint for notification types of an account (platform operator)',
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}/webhooks', group: 'webhooks', operation: 'listWebhooks',
    permission: 'webhooks:read', authentication: 'apiKey', response: 'WebhookList', summary: "List an account's webhook endpoints",
  },
  {
    method: 'DELETE', path: '/api/accounts/{accountId}/webhooks/{webhookId}', group: 'webhooks', operation: 'deleteWebhook',
    permission: 'webhooks:manage', authentication: 'apiKey', summary: 'Remove a webhook endpoint (platform operator)',
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}/webhook-deliveries', group: 'webhooks', operation: 'listWebhookDeliveries',
    permission: 'webhooks:read', authentication: 'apiKey', query: 'ListWebhookDeliveriesQuery', response: 'WebhookDeliveryPage',
    summary: "Webhook deliveries of an account's events with every attempt, newest first",
  },
] as const satisfies readonly Route[];

export type RouteEntry = (typeof ROUTES)[number];
export type OperationName<G extends Group> = Extract<RouteEntry, { group: G }>['operation'];

export const routeKey = (route: Pick<Route, 'method' | 'path'>) => `${route.method} ${route.path}`;

const BY_KEY: ReadonlyMap<string, Route> = new Map(ROUTES.map((r) => [routeKey(r), r as Route]));

export function routeByKey(key: string): Route | undefined {
  return BY_KEY.get(key);
}
