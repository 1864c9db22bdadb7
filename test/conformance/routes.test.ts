/**
 * Every route we serve is either covered by the conformance file of the docs page that documents it,
 * or named here as undocumented, with why. A new route fails this test until it is placed.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { routeKey } from '../../functions/core/http/route';
import { ROUTES } from '../../functions/routes';
import { except, shapeMismatches, B, N, O, S } from './support';

const PAGES: Readonly<Record<string, string>> = {
  'POST /api/accounts': 'accounts',
  'GET /api/accounts/{accountId}': 'accounts',
  'PUT /api/accounts/{accountId}': 'accounts',
  'PUT /api/accounts/{accountId}/subscriptions': 'accounts',
  'POST /api/accounts/{accountId}/api-keys': 'api-keys',
  'GET /api/accounts/{accountId}/api-keys': 'api-keys',
  'PUT /api/accounts/{accountId}/api-keys/{apiKeyName}': 'api-keys',
  'POST /api/accounts/{accountId}/members': 'account-memberships',
  'GET /api/accounts/{accountId}/members': 'account-memberships',
  'DELETE /api/accounts/{accountId}/members/{userId}': 'account-memberships',
  'GET /api/account-memberships': 'account-memberships',
  'GET /api/users/{userId}/account-memberships': 'account-memberships',
  'POST /api/me/profile/update': 'profiles',
  'GET /api/users/{userId}/profile': 'profiles',
  'POST /api/invitations': 'invitations',
  'GET /api/invitations/code/{code}': 'invitations',
  'GET /api/accounts/{accountId}/invitations': 'invitations',
  'POST /api/invitations/{invitationId}/accept': 'invitations',
  'POST /api/invitations/{invitationId}/revoke': 'invitations',
  'POST /api/wallet-assets': 'wallet-assets',
  'GET /api/wallet-assets': 'wallet-assets',
  'GET /api/wallets/{walletId}/transactions': 'wallet-assets',
  'GET /api/assets/{assetId}': 'assets',
  'GET /api/assets/{assetId}/summary': 'assets',
  'GET /api/accounts/{accountId}/assets': 'assets',
  'POST /api/assets/{assetId}/archive': 'assets',
  'GET /api/assets/{assetType}/external-id/{externalId}': 'assets',
  'POST /api/merchants': 'merchants',
  'GET /api/merchants/search': 'merchants',
  'GET /api/merchants/{merchantId}': 'merchants',
  'GET /api/accounts/{accountId}/merchants': 'merchants',
  'GET /api/merchants': 'merchants',
  'PUT /api/merchants/{merchantId}': 'merchants',
  'POST /api/merchants/{merchantId}/set-onboarding-status': 'merchants',
  'POST /api/merchants/{merchantId}/metadata': 'merchants',
  'GET /api/merchants/{merchantId}/supported-wallets': 'wallets',
  'GET /api/merchants/{merchantId}/settlements': 'settlements',
  'POST /api/merchants/{merchantId}/configs': 'merchant-configs',
  'GET /api/merchant-configs/{configId}': 'merchant-configs',
  'GET /api/merchants/{merchantId}/configs': 'merchant-configs',
  'PUT /api/merchants/{merchantId}/configs/{configId}': 'merchant-configs',
  'GET /api/merchants/{merchantId}/configs/{configId}': 'merchant-configs',
  'POST /api/payment-requests': 'payment-requests',
  'GET /api/payment-requests/{paymentRequestId}': 'payment-requests',
  'GET /api/payment-requests/short-code/{shortCode}': 'payment-requests',
  'GET /api/payment-requests/{paymentRequestId}/summary': 'payment-requests',
  'GET /api/me/patron-code-payment-request': 'payment-requests',
  'GET /api/payment-requests/external-ref/{externalRef}': 'payment-requests',
  'GET /api/payment-requests/{paymentRequestId}/activities': 'payment-requests',
  'GET /api/payment-activities': 'payment-requests',
  'POST /api/payment-requests/{paymentRequestId}/pay': 'payment-requests',
  'POST /api/payment-requests/{paymentRequestId}/void': 'payment-requests',
  'POST /api/payment-requests/{paymentRequestId}/refund': 'payment-requests',
  'POST /api/payment-requests/{paymentRequestId}/confirm': 'payment-requests',
  'POST /api/payment-requests/{paymentRequestId}/release': 'payment-requests',
  'POST /api/payment-requests/{paymentRequestId}/conditions/{conditionId}/accept': 'payment-requests',
  'POST /api/payment-requests/{paymentRequestId}/conditions/{conditionId}/decline': 'payment-requests',
  'POST /api/patron-codes': 'patron-codes',
  'GET /api/patron-codes/{patronCodeId}': 'patron-codes',
  'GET /api/patron-codes/barcode/{barcode}': 'patron-codes',
  'GET /api/patron-codes/{namespace}/external-id/{externalId}': 'patron-codes',
  'POST /api/patron-codes/{patronCodeId}/metadata': 'patron-codes',
  'POST /api/decode': 'scanned-codes',
  'POST /api/wallets': 'wallets',
  'POST /payments/api/requests.create': 'legacy-payment-requests',
  'GET /payments/api/requests.info': 'legacy-payment-requests',
  'POST /payments/api/requests.pay': 'legacy-payment-requests',
  'POST /payments/api/requests.cancel': 'legacy-payment-requests',
  'POST /payments/api/requests.void': 'legacy-payment-requests',
  'POST /payments/api/transactions.refund': 'legacy-payment-requests',
  'GET /api/.well-known/jwks.json': 'notifications',
  'POST /api/collections': 'tokens',
  'GET /api/accounts/{accountId}/collections': 'tokens',
  'POST /api/collections/{collectionId}/redemption-conditions': 'tokens',
  'POST /api/collections/{collectionId}/redemption-conditions/{redemptionConditionId}/set-allowed-products': 'tokens',
  'POST /api/tokens': 'tokens',
  'POST /api/media-uploads': 'media-uploads',
  'GET /api/media-uploads/{mediaUploadId}/location': 'media-uploads',
  'POST /api/asset-programs': 'asset-programs',
  'GET /api/asset-programs': 'asset-programs',
  'GET /api/asset-programs/{assetProgramId}': 'asset-programs',
  'POST /api/asset-programs/{assetProgramId}/set-privacy-policy-url': 'asset-programs',
  'POST /api/asset-programs/{assetProgramId}/terms-of-service': 'asset-programs',
  'POST /api/asset-programs/{assetProgramId}/set-terms-of-service-url': 'asset-programs',
  'POST /api/asset-program-memberships': 'asset-program-memberships',
  'GET /api/asset-program-memberships/{assetProgramMembershipId}': 'asset-program-memberships',
  'GET /api/asset-programs/{assetProgramId}/asset-program-memberships': 'asset-program-memberships',
  'GET /api/accounts/{accountId}/asset-program-memberships': 'asset-program-memberships',
  'POST /api/asset-program-memberships/{assetProgramMembershipId}/accept': 'asset-program-memberships',
  'POST /api/asset-program-memberships/{assetProgramMembershipId}/approve': 'asset-program-memberships',
  'POST /api/asset-program-memberships/{assetProgramMembershipId}/set-billing-bank-account':
    'asset-program-memberships',
  'POST /api/asset-program-memberships/{assetProgramMembershipId}/asset-program-configs': 'asset-program-configs',
  'GET /api/asset-program-configs/{assetProgramConfigId}': 'asset-program-configs',
  'GET /api/asset-programs/{assetProgramId}/asset-program-configs': 'asset-program-configs',
  'GET /api/accounts/{accountId}/asset-program-configs': 'asset-program-configs',
  'POST /api/loyalty-programs': 'loyalty-programs',
  'GET /api/accounts/{accountId}/loyalty-programs': 'loyalty-programs',
  'GET /api/loyalty-programs/{loyaltyProgramId}': 'loyalty-programs',
  'POST /api/loyalty-programs/{loyaltyProgramId}/activate': 'loyalty-programs',
  'PUT /api/loyalty-programs/{loyaltyProgramId}/visibility': 'loyalty-programs',
  'POST /api/loyalty-programs/{loyaltyProgramId}/memberships': 'loyalty-program-memberships',
  'GET /api/loyalty-programs/{loyaltyProgramId}/memberships': 'loyalty-program-memberships',
  'POST /api/loyalty-programs/{loyaltyProgramId}/promotions': 'promotions',
  'GET /api/promotions/{promotionId}': 'promotions',
  'GET /api/loyalty-programs/{loyaltyProgramId}/promotions': 'promotions',
  // The page writes the path /api/accountId/{id}/promotions; the account's promotions are served under /api/accounts.
  'GET /api/accounts/{accountId}/promotions': 'promotions',
  'GET /api/promotions/{promotionId}/activities': 'promotions',
  'GET /api/accounts/{accountId}/promotion-memberships': 'promotion-memberships',
  'POST /api/asset-transfers': 'asset-transfers',
  'GET /api/asset-transfers': 'asset-transfers',
  'GET /api/asset-transfers/{assetTransferId}': 'asset-transfers',
  'GET /api/asset-transfers/{assetTransferId}/summary': 'asset-transfers',
  'POST /api/asset-transfers/{assetTransferId}/claim': 'asset-transfers',
  'POST /api/asset-transfers/{assetTransferId}/cancel': 'asset-transfers',
  'POST /api/me/resolve-claimable-assets': 'asset-transfers',
  'POST /api/integration-requests': 'integration-requests',
  'GET /api/integration-requests/{integrationRequestId}': 'integration-requests',
  'GET /api/integration-requests': 'integration-requests',
  'PUT /api/integration-requests/{integrationRequestId}/configs': 'integration-requests',
  'GET /api/integration-requests/{integrationRequestId}/configs': 'integration-requests',
  'POST /api/integration-requests/{integrationRequestId}/activate': 'integration-requests',
  'DELETE /api/integration-requests/{integrationRequestId}': 'integration-requests',
  'PUT /api/managed-integrations/{type}/{externalId}': 'managed-integrations',
  'GET /api/managed-integrations/{type}/{externalId}': 'managed-integrations',
  'GET /api/accounts/{accountId}/managed-integrations': 'managed-integrations',
  'GET /api/accounts/{accountId}/quotas': 'quotas',
  'POST /api/bank-accounts': 'bank-accounts',
  'GET /api/bank-accounts/{bankAccountId}': 'bank-accounts',
  'GET /api/accounts/{accountId}/bank-accounts': 'bank-accounts',
  'GET /api/accounts/{accountId}/bank-account-balances': 'bank-accounts',
  'POST /api/bank-accounts/{bankAccountId}/direct-debit-authorities': 'bank-accounts',
  'POST /api/bank-accounts/{bankAccountId}/verify': 'bank-accounts',
  'POST /api/bank-accounts/{bankAccountId}/set-preferred-name': 'bank-accounts',
  'POST /api/bank-accounts/{bankAccountId}/archive': 'bank-accounts',
  'POST /api/bank-authorities': 'bank-accounts',
  'GET /api/bank-authorities/{bankAccountId}': 'bank-accounts',
  'GET /api/bank-authorities': 'bank-accounts',
  'POST /api/bank-authorities/{bankAccountId}/verify': 'bank-accounts',
  'POST /api/bank-account-approvals': 'bank-account-approvals',
  'GET /api/bank-account-approvals/{bankAccountApprovalId}': 'bank-account-approvals',
  'GET /api/bank-accounts/{bankAccountId}/approvals': 'bank-account-approvals',
  'POST /api/bank-account-approvals/{bankAccountApprovalId}/accept': 'bank-account-approvals',
  'POST /api/bank-account-approvals/{bankAccountApprovalId}/decline': 'bank-account-approvals',
  'POST /api/bank-account-connection-intents': 'bank-account-connection-intents',
  'POST /api/bank-account-connection-intents/{bankAccountConnectionIntentId}/authorize':
    'bank-account-connection-intents',
  'POST /api/sales-channels': 'sales-channels',
  'POST /api/sales-channel-memberships': 'sales-channel-memberships',
  'POST /api/connections': 'connections',
  'POST /api/connections/{connectionId}/authorize': 'connections',
  'GET /api/connections/{connectionId}/summary': 'connections',
  'GET /api/connections/{connectionId}/latest-payment-request': 'payment-requests',
  'GET /api/payment-links/{paymentLinkId}': 'payment-links',
  'GET /api/payment-links/{paymentLinkId}/summary': 'payment-links',
  'GET /merchants/{merchantId}/payment-links': 'payment-links',
  'POST /api/payment-links/{paymentLinkId}/archive': 'payment-links',
  'GET /api/topups/{topupId}': 'funds-transfers',
  'GET /api/topups': 'funds-transfers',
  'GET /api/accounts/{accountId}/topups': 'funds-transfers',
  'POST /api/withdrawals': 'funds-transfers',
  'GET /api/withdrawals/{withdrawalId}': 'funds-transfers',
  'GET /api/accounts/{accountId}/withdrawals': 'funds-transfers',
  'POST /api/funds-transfers/{fundsTransferId}/abort': 'funds-transfers',
  'GET /api/assets/{assetId}/transactions': 'asset-activities',
  'GET /api/asset-activities': 'asset-activities',
  'POST /api/businesses': 'businesses',
  'PUT /api/businesses/{businessId}': 'businesses',
  'GET /api/accounts/{accountId}/business': 'businesses',
  'POST /api/businesses/{businessId}/set-onboarding-status': 'businesses',
  'GET /api/nzbn-search': 'businesses',
  'GET /api/nzbn/{nzbn}': 'businesses',
  'POST /api/businesses/onboard': 'onboarding',
  'GET /api/businesses/onboard/{onboardingRequestId}': 'onboarding',
  'POST /api/accounts/{accountId}/events': 'events',
  'POST /api/batches': 'batches',
  'GET /api/batches/{batchId}': 'batches',
};

/** Routes no docs page documents: they are ours (operator tooling, test money, the document itself). */
const UNDOCUMENTED: Readonly<Record<string, string>> = {
  'GET /api/openapi.json': 'our OpenAPI document of these routes',
  'PUT /api/accounts/{accountId}/rate-limit': 'operator setting; the docs state only the default limit',
  'PUT /api/accounts/{accountId}/quota-limits':
    "operator setting; the docs say only that limits vary with the account's verification",
  'POST /api/wallet-assets/{assetId}/test-topups': 'the docs fund test wallets in the consumer app, with no API',
  'GET /pay/{paymentRequestId}': 'the hosted pay page a payment request url opens (HTML, not an API exchange)',
  'GET /connect/{connectionId}':
    "the connect page a connection's url opens (HTML, not an API exchange; docs/api/sales-channels-and-links.md)",
  'GET /transfer/{assetTransferId}':
    "the claim page an asset transfer's url opens (HTML, not an API exchange; docs/api/asset-transfers.md)",
  'POST /transfer/{assetTransferId}/test-claim': "the claim page's test-mode claim form (docs/api/asset-transfers.md)",
  'GET /invitations/{invitationId}':
    "the page an invitation's email links to (HTML, not an API exchange; docs/api/users-and-members.md)",
  'GET /payment-link/{paymentLinkId}':
    "the page a payment link's url opens (HTML, not an API exchange; docs/api/sales-channels-and-links.md)",
  'PUT /api/wallets/{walletAppId}/approval':
    'operator setting: which wallet apps every connect page offers (docs/api/sales-channels-and-links.md)',
  'GET /pay/{paymentRequestId}/status': "the hosted checkout page's live status (docs/api/hosted-checkout.md)",
  'POST /pay/{paymentRequestId}/cancel': "the hosted checkout page's cancel form (docs/api/hosted-checkout.md)",
  'POST /pay/{paymentRequestId}/test-pay':
    "the hosted checkout page's test-mode pay form (docs/api/hosted-checkout.md)",
  'POST /api/payment-requests/{paymentRequestId}/cancel': 'ours: a merchant cancel; the docs have none (void cancels)',
  'POST /api/accounts/{accountId}/webhooks': 'webhook registration is done by support in the docs',
  'GET /api/accounts/{accountId}/webhooks': 'webhook registration is done by support in the docs',
  'DELETE /api/accounts/{accountId}/webhooks/{webhookId}': 'webhook registration is done by support in the docs',
  'GET /api/accounts/{accountId}/webhook-deliveries': 'our delivery log; the docs only describe retries',
  'GET /api/accounts/{accountId}/webhook-events': 'our event log; the docs only describe retries',
  'POST /api/accounts/{accountId}/webhook-events/{eventId}/redeliver': 'our redelivery; the docs only describe retries',
  'POST /api/accounts/{accountId}/webhook-events/test': 'our test event; the docs have none',
  'GET /api/accounts/{accountId}/test-clock': 'the test clock of test accounts (ours)',
  'POST /api/accounts/{accountId}/test-clock': 'the test clock of test accounts (ours)',
  'POST /api/accounts/{accountId}/verified-aliases':
    'operator record of verified phones and emails; users verify them in the docs',
  'GET /bank-consent/{bankAccountConnectionIntentId}':
    "the simulated bank's consent page a connection intent's authorizationUrl opens (HTML; the docs' third party)",
  'POST /bank-consent/{bankAccountConnectionIntentId}/approve':
    "the simulated bank's consent form: approve (docs/api/bank-accounts-and-approvals.md)",
  'POST /bank-consent/{bankAccountConnectionIntentId}/decline':
    "the simulated bank's consent form: decline (docs/api/bank-accounts-and-approvals.md)",
  'GET /bank-consent/{bankAccountConnectionIntentId}/complete':
    'where the simulated bank returns the user with the code (docs/api/bank-accounts-and-approvals.md)',
  'GET /api/bank-accounts/{bankAccountId}/statement':
    "the simulated bank's statement of a test bank account, whose codes verify it " +
    '(docs/api/bank-accounts-and-approvals.md)',
  'GET /bank-statement/{bankAccountId}':
    "the simulated bank's statement page a statement's signed link opens " +
    '(HTML; docs/api/bank-accounts-and-approvals.md)',
  'GET /api/sales-channels/{salesChannelId}':
    'the docs give no read of a sales channel; its account reads back what it made',
  'POST /api/payment-links':
    'the docs give no create: a link must exist before a payment request names it (paymentLinkId)',
  'POST /api/topups':
    'the docs list and read top ups but make them in the consumer app; ours start a direct debit ' +
    '(docs/api/funds-transfers.md)',
  'POST /api/funds-transfers/{fundsTransferId}/bank-outcome':
    "the operator's control of the simulated bank (docs/api/funds-transfers.md)",
  'GET /api/accounts/{accountId}/events': "our listing of an account's events; the docs only create them",
  'GET /media/{mediaUploadId}':
    "a branding logo's image, the address `img`, `issuerImg` and `logoImg` name (docs/api/media-uploads.md)",
  'POST /api/settlements/{settlementId}/bank-outcome':
    "the operator's control of the simulated bank's settlement payouts (docs/api/settlements.md)",
  'GET /docs': 'our API reference page, rendered from the OpenAPI document (docs/api-reference.md)',
  'GET /docs/api-reference.js': "the reference page's script, served by us (docs/api-reference.md)",
  'POST /api/accounts/{accountId}/managed-integrations/{type}/{externalId}/provider-outcome':
    "the operator's stand-in for a managed integration's provider (docs/api/integrations.md)",
};

describe('conformance coverage', () => {
  it(
    'places every served route: on the docs page whose test ' + 'file covers it (PAGES), or in UNDOCUMENTED with why',
    () => {
      const unplaced = ROUTES.map((route) => routeKey(route)).filter(
        (key) => PAGES[key] === undefined && UNDOCUMENTED[key] === undefined,
      );
      expect(unplaced).toEqual([]);
    },
  );

  it('names page files that exist', () => {
    expect(
      [...new Set(Object.values(PAGES))].filter((page) => !existsSync(join(__dirname, `${page}.test.ts`))),
    ).toEqual([]);
  });

  it('names no route that is not served', () => {
    const served = new Set(ROUTES.map((route) => routeKey(route)));
    expect([...Object.keys(PAGES), ...Object.keys(UNDOCUMENTED)].filter((key) => !served.has(key))).toEqual([]);
  });
});

describe('the shape comparison itself', () => {
  const shape = { id: S, n: N, ok: B, meta: O, list: [{ a: S }], any: [] } as const;

  it('accepts a body with every field of the right type, extra fields included', () => {
    expect(
      shapeMismatches(shape, { id: 'x', n: 1, ok: false, meta: {}, list: [{ a: 'y', b: 2 }], any: [], extra: true }),
    ).toEqual([]);
  });

  it('names each missing field and each wrong JSON type, at any depth', () => {
    expect(shapeMismatches(shape, { id: 1, ok: 'true', meta: null, list: [{ a: 'y' }, {}], any: {} })).toEqual([
      'body.id: expected string, got number 1',
      'body.n: missing',
      'body.ok: expected boolean, got string "true"',
      'body.meta: expected object, got null',
      'body.list[1].a: missing',
      'body.any: expected array, got object {}',
    ]);
    expect(shapeMismatches(shape, { id: 'x', n: 1, ok: true, meta: {}, list: [], any: [] })).toEqual([
      'body.list: expected at least one element',
    ]);
  });

  it('takes out departures by path, array elements included, and only with a reason', () => {
    expect(except(shape, { 'list.a': 'reason', n: 'reason' })).toEqual({ id: S, ok: B, meta: O, list: [{}], any: [] });
    expect(() => except(shape, { n: '' })).toThrow('needs a reason');
    expect(() => except(shape, { nope: 'reason' })).toThrow('not in the documented shape');
  });
});
