import type { Route } from '../../functions/routes';
import { api, seed, type ApiResponse, type TestAccount, type Json } from './api';
import { bankStatement, DIRECT_DEBIT, statementCode, uniqueBankNumber } from './bank';
import { nzbnPool, onboardCsv, uploadBatchFile } from './batches';
import { approvedCode } from './consent';
import { logoForm } from './media';
import { schemaOf, validInstance } from './route-fixtures';
import { awaitingSettlement } from './settlements';
import { joinByInvitation, newUser } from './users';

/**
 * Real resources for the authorization matrix: per path parameter and body field, what the route
 * names, made in one account through the API, so an allowed call can really succeed. Resources a
 * call consumes (a request it pays, cancels or refunds, a webhook it deletes, a wallet it spends)
 * are made fresh per call; the rest are made once per account and shared.
 */

const ASSET_TYPE = 'svc.nzd.test';
/** Companies of the fixture register the matrix's businesses take, one each. */
// Every tenant (the users' included) has a business, and every role's call of a create is prepared.
const businessNzbn = nzbnPool(Array.from({ length: 60 }, (_, i) => 40 + i));
/** Every request, refund and confirmation is for this amount (NZD 1.00). */
export const AMOUNT = '100';
/** A challenge of one payment, rewarded with AMOUNT of ASSET_TYPE from the program's account. */
const PROMOTION_PARAMS = {
  target: { type: 'count', amount: 1 },
  rewards: { and: [{ assetType: ASSET_TYPE, amount: AMOUNT }] },
};
/** What the wallet a payment spends holds, so a refused payment shows in its balance. */
export const FUNDS = '1000';
/** Funds of each account's shared wallet, which pays for the paid and authorised requests. */
const SHARED_FUNDS = '1000000';
/** Refuses connections at once: deliveries to the matrix's webhooks fail fast and stay out of the way. */
const WEBHOOK_URL = 'http://127.0.0.1:9/matrix';
/** Where a sales channel's connect requests would be notified; nothing is sent to it. */
const NOTIFICATION_URL = 'https://example.com/matrix/connect';
/** The condition the photo-id test scenario puts on a request. */
const CONDITION_ID = '1';

const money = (amount: string) => ({ currency: 'NZD', amount });
const PROGRAM_URLS = {
  termsOfServiceUrl: 'https://example.com/terms',
  privacyPolicyUrl: 'https://example.com/privacy',
};

let counter = 0;
/** A token unique within the run, fit for names, ids, references and idempotency keys. */
const unique = (prefix = 'm') => `${prefix}${Date.now().toString(36)}${(++counter).toString(36)}`;

async function ok(response: Promise<ApiResponse>, what: string): Promise<Json> {
  const res = await response;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The state a request must be in for an operation that consumes it. */
type RequestState = 'new' | 'paid' | 'authorised' | 'conditional';

const FRESH_REQUEST: Readonly<Record<string, RequestState>> = {
  payPaymentRequest: 'new',
  legacyPayRequest: 'new',
  cancelPaymentRequest: 'new',
  legacyCancelRequest: 'new',
  // Voiding a paid request refunds it too: the path that moves money.
  voidPaymentRequest: 'paid',
  legacyVoidRequest: 'paid',
  refundPaymentRequest: 'paid',
  legacyRefundTransaction: 'paid',
  confirmPaymentRequest: 'authorised',
  releasePaymentRequest: 'authorised',
  acceptPaymentCondition: 'conditional',
  declinePaymentCondition: 'conditional',
  // A scanned request's code decodes while the request is new (the shared one expires during a long run).
  decodeScannedCode: 'new',
};

/** The body field naming the wallet a payment spends. */
const SPENT_WALLET_FIELD: Readonly<Record<string, string>> = {
  payPaymentRequest: 'assetId',
  legacyPayRequest: 'authorization',
};
/**
 * The body field naming the asset a call moves value out of where that asset is the route's own
 * resource (a transfer sends from it, a withdrawal draws on it): a new wallet holding FUNDS per call,
 * so a refused call shows in its balance.
 */
const MOVED_ASSET_FIELD: Readonly<Record<string, string>> = {
  createAssetTransfer: 'assetId',
  createWithdrawal: 'assetId',
};
/** A money transfer shared through its claim page (no recipient needed): AMOUNT, one claim of AMOUNT. */
const SHARED_TRANSFER = {
  value: AMOUNT,
  claimType: 'multi',
  valueConfig: { type: 'flat', params: { amount: AMOUNT } },
};

interface Request {
  id: string;
  shortCode: string;
  externalRef?: string;
  /** The ledger transaction of its payment (paid requests). */
  transactionId?: string;
}

/** One account's resources, made by its owner (webhooks by the operator, who alone registers them). */
export class Tenant {
  private readonly shared = new Map<string, Promise<unknown>>();

  constructor(readonly account: TestAccount) {}

  get accountId(): string {
    return this.account.accountId;
  }

  private once<T>(name: string, make: () => Promise<T>): Promise<T> {
    if (!this.shared.has(name)) this.shared.set(name, make());
    return this.shared.get(name) as Promise<T>;
  }

  private post(path: string, body: unknown, key = this.account.apiKey): Promise<Json> {
    return ok(api('POST', path, { key, body }), `fixture POST ${path}`);
  }

  /** A merchant with a config accepting ASSET_TYPE into a settlement wallet the platform made. */
  merchant(): Promise<{ merchantId: string; configId: string; settlementWalletId: string }> {
    return this.once('merchant', async () => {
      const merchant = await this.post('/api/merchants', {
        accountId: this.accountId,
        name: 'Matrix Cafe',
        country: 'NZ',
        test: true,
      });
      const config = await this.post(`/api/merchants/${merchant.id}/configs`, {
        paymentOptions: [{ type: ASSET_TYPE }],
      });
      return { merchantId: merchant.id, configId: config.id, settlementWalletId: config.paymentOptions[0].walletId };
    });
  }

  async newWallet(funds = FUNDS): Promise<string> {
    const wallet = await this.post('/api/wallet-assets', { accountId: this.accountId, ledgerId: ASSET_TYPE });
    await this.post(`/api/wallet-assets/${wallet.id}/test-topups`, { value: money(funds), idempotencyKey: unique() });
    return wallet.id;
  }

  /** The wallet the wallet routes name; it also pays the fixtures' paid and authorised requests. */
  wallet(): Promise<string> {
    return this.once('wallet', () => this.newWallet(SHARED_FUNDS));
  }

  async newRequest(state: RequestState, extra: Record<string, unknown> = {}): Promise<Request> {
    const { configId } = await this.merchant();
    const conditional =
      state === 'conditional' ? { barcode: (await this.scenarioCode()).barcode, conditionsEnabled: true } : {};
    const request = await this.post('/api/payment-requests', {
      configId,
      value: money(AMOUNT),
      // Well past the run: a request expiring under a read would write its expiry.
      expirySeconds: 3600,
      ...(state === 'authorised' ? { preAuth: true } : {}),
      ...conditional,
      ...extra,
    });
    if (state === 'paid') {
      // Paid through the legacy API, whose answer names the payment's transaction (legacy refund takes it).
      const paid = await this.post('/payments/api/requests.pay', {
        requestId: request.id,
        ledger: ASSET_TYPE,
        authorization: await this.wallet(),
      });
      return { ...request, transactionId: paid.reference };
    }
    if (state === 'authorised') {
      await this.post(`/api/payment-requests/${request.id}/pay`, {
        assetType: ASSET_TYPE,
        assetId: await this.wallet(),
        idempotencyKey: unique(),
      });
    }
    return request;
  }

  /** A new request with an external reference, read by id, short code and reference. */
  request(): Promise<Request> {
    return this.once('request', () => this.newRequest('new', { externalRef: unique('ref') }));
  }

  patronCode(): Promise<{ id: string; barcode: string; namespace: string; externalId: string }> {
    return this.once('patronCode', () => this.post('/api/patron-codes', { namespace: 'matrix', externalId: unique() }));
  }

  private scenarioCode(): Promise<{ barcode: string }> {
    return this.once('scenarioCode', () =>
      this.post('/api/patron-codes', { testScenarioName: 'force-condition-check-photo-id' }),
    );
  }

  /** A new request made with this account's patron code: what the patron polls for. */
  patronRequest(): Promise<Request> {
    return this.once('patronRequest', async () =>
      this.newRequest('new', { barcode: (await this.patronCode()).barcode }),
    );
  }

  spareKeyName(): Promise<string> {
    return this.once(
      'spareKey',
      async () =>
        (
          await this.post(`/api/accounts/${this.accountId}/api-keys`, {
            name: unique('spare'),
            role: 'merchant-terminal',
          })
        ).name,
    );
  }

  /**
   * A bank account of this account: a quartz one with a direct-debit authority, unless the operation needs otherwise.
   */
  async newBankAccount(body: Record<string, unknown> = {}): Promise<{ id: string; bankAccountNumber: string }> {
    return this.post('/api/bank-accounts', {
      accountId: this.accountId,
      bankAccountNumber: uniqueBankNumber(),
      bankAccountName: 'Matrix Holder',
      type: 'quartz',
      directDebitAuthority: DIRECT_DEBIT,
      ...body,
    });
  }

  bankAccount(): Promise<{ id: string; bankAccountNumber: string }> {
    return this.once('bankAccount', () => this.newBankAccount());
  }

  /** A bank statement of this account: the evidence a settlement approval names. */
  bankStatement(): Promise<string> {
    return this.once('bankStatement', () => bankStatement(this.account));
  }

  /**
   * A new settlement approval awaiting review, on a bank account of its own (one is in progress per
   * bank account), without a direct-debit authority (the account's 20 are kept for the routes that need one).
   */
  async newApproval(): Promise<string> {
    const bank = await this.newBankAccount({ directDebitAuthority: undefined });
    return (
      await this.post('/api/bank-account-approvals', {
        bankAccountId: bank.id,
        type: 'settlement',
        mediaUploadId: await this.bankStatement(),
      })
    ).id;
  }

  approval(): Promise<string> {
    return this.once('approval', () => this.newApproval());
  }

  /** A new connection intent the user approved at the simulated bank, with the code it returned. */
  async newConsentedIntent(): Promise<{ id: string; code: string }> {
    const intent = await this.post('/api/bank-account-connection-intents', {
      accountId: this.accountId,
      type: 'account-information-consent',
      test: true,
    });
    return { id: intent.id, code: await approvedCode(intent.authorizationUrl) };
  }

  /**
   * A centrapay bank account with a direct-debit authority, verified (withdrawals pay out to no other): what top ups
   * and withdrawals name.
   */
  centrapayBankAccount(): Promise<{ id: string; bankAccountNumber: string }> {
    return this.once('centrapayBankAccount', async () => {
      const bank = await this.newBankAccount({ type: 'centrapay' });
      await this.post(`/api/bank-accounts/${bank.id}/verify`, {
        verificationCode: await statementCode(bank.bankAccountNumber),
      });
      return bank;
    });
  }

  /** A new top up of the shared wallet from the centrapay bank account, not yet settled (so it can be aborted). */
  async newTopup(): Promise<string> {
    const body = {
      assetId: await this.wallet(),
      bankAccountId: (await this.centrapayBankAccount()).id,
      amount: AMOUNT,
    };
    return (await this.post('/api/topups', body)).id;
  }

  topup(): Promise<string> {
    return this.once('topup', () => this.newTopup());
  }

  withdrawal(): Promise<string> {
    return this.once('withdrawal', async () => {
      const body = {
        assetId: await this.wallet(),
        bankAccountId: (await this.centrapayBankAccount()).id,
        amount: AMOUNT,
      };
      return (await this.post('/api/withdrawals', body)).id;
    });
  }

  /** A media upload (a PNG logo) of this account. */
  mediaUpload(): Promise<string> {
    return this.once(
      'mediaUpload',
      async () =>
        (
          await ok(
            api('POST', '/api/media-uploads', { key: this.account.apiKey, form: logoForm() }),
            'fixture media upload',
          )
        ).id,
    );
  }

  /**
   * A token collection of this account. Made by the operator: no account here holds the
   * collection-manager subscription its owner would need.
   */
  collection(): Promise<string> {
    return this.once('collection', async () => {
      const body = { name: 'Matrix Bread', accountId: this.accountId, type: 'product', maxValue: money('100000') };
      return (await this.post('/api/collections', body, seed().operatorApiKey)).id;
    });
  }

  /** A new token of the shared collection in this account, issued by the operator (archiving consumes one). */
  newToken(externalId?: string): Promise<Json> {
    return this.collection().then((collectionId) =>
      this.post('/api/tokens', { collectionId, idempotencyKey: unique(), externalId }, seed().operatorApiKey),
    );
  }

  /** A token of this account with an external id, found by type and external id. */
  taggedToken(): Promise<Json> {
    return this.once('taggedToken', () => this.newToken(unique('ext')));
  }

  /**
   * A redemption condition of the shared collection, for a merchant of its own (the shared merchant stays free for new
   * ones).
   */
  redemptionCondition(): Promise<string> {
    return this.once('redemptionCondition', async () => {
      const merchant = await this.post('/api/merchants', {
        accountId: this.accountId,
        name: 'Matrix Bakery',
        country: 'NZ',
        test: true,
      });
      const body = { merchantId: merchant.id, allowedProducts: [{ sku: 'bread', maxValue: money(AMOUNT) }] };
      return (
        await this.post(
          `/api/collections/${await this.collection()}/redemption-conditions`,
          body,
          seed().operatorApiKey,
        )
      ).id;
    });
  }

  /** A new open transfer from the shared wallet: AMOUNT, shared through its claim page, one claim of AMOUNT. */
  async newAssetTransfer(): Promise<string> {
    const body = { assetId: await this.wallet(), ...SHARED_TRANSFER };
    return (await this.post('/api/asset-transfers', body)).id;
  }

  /** A loyalty program of this account. */
  loyaltyProgram(): Promise<string> {
    return this.once(
      'loyaltyProgram',
      async () => (await this.post('/api/loyalty-programs', { name: 'Matrix Club', accountId: this.accountId })).id,
    );
  }

  /** A new active loyalty program of this account: a membership is made once per program and account. */
  async newActiveLoyaltyProgram(): Promise<string> {
    const { id } = await this.post('/api/loyalty-programs', { name: unique('Club'), accountId: this.accountId });
    await this.post(`/api/loyalty-programs/${id}/activate`, {});
    return id;
  }

  /** A promotion of this account's loyalty program, its reward funded from the account's shared wallet. */
  promotion(): Promise<string> {
    return this.once('promotion', async () => {
      await this.wallet();
      const body = {
        name: 'Matrix Challenge',
        eventType: 'payment',
        type: 'challenge',
        params: PROMOTION_PARAMS,
      };
      return (await this.post(`/api/loyalty-programs/${await this.loyaltyProgram()}/promotions`, body)).id;
    });
  }

  /** A new asset program of this account, naming its collection. */
  async newAssetProgram(): Promise<string> {
    const body = {
      name: unique('Program'),
      accountId: this.accountId,
      assetTypes: [ASSET_TYPE],
      collectionIds: [await this.collection()],
      ...PROGRAM_URLS,
    };
    return (await this.post('/api/asset-programs', body)).id;
  }

  assetProgram(): Promise<string> {
    return this.once('assetProgram', () => this.newAssetProgram());
  }

  /** This account's membership of its own program, accepted and approved at once, so configs can be made. */
  assetProgramMembership(): Promise<string> {
    return this.once('assetProgramMembership', async () => {
      const body = {
        assetProgramId: await this.assetProgram(),
        accountId: this.accountId,
        billingBankAccountId: (await this.bankAccount()).id,
        accept: true,
        approve: true,
      };
      return (await this.post('/api/asset-program-memberships', body)).id;
    });
  }

  /** The config of the shared membership for the shared merchant (a repeated create answers it again). */
  assetProgramConfig(): Promise<string> {
    return this.once('assetProgramConfig', async () => {
      const body = { merchantId: (await this.merchant()).merchantId };
      return (
        await this.post(
          `/api/asset-program-memberships/${await this.assetProgramMembership()}/asset-program-configs`,
          body,
        )
      ).id;
    });
  }

  /**
   * A new pending integration request of this account for its own merchant (a terminal vendor's, so it can be
   * activated).
   */
  async newIntegrationRequest(): Promise<string> {
    const body = {
      merchantId: (await this.merchant()).merchantId,
      type: 'verifone',
      terminal: { terminalId: unique('till') },
    };
    return (await this.post('/api/integration-requests', body)).id;
  }

  integrationRequest(): Promise<string> {
    return this.once('integrationRequest', () => this.newIntegrationRequest());
  }

  /**
   * The payment referral of this account's merchant that the managed-integration routes name (by the patron code's
   * external id).
   */
  managedIntegration(): Promise<unknown> {
    return this.once('managedIntegration', async () =>
      this.newManagedIntegration((await this.patronCode()).externalId),
    );
  }

  /** A new payment referral of this account's merchant, enabled (provisioning); answers its external id. */
  async newManagedIntegration(externalId = unique('referral')): Promise<string> {
    await ok(
      api('PUT', `/api/managed-integrations/payment-referral/${externalId}`, {
        key: this.account.apiKey,
        body: { enabled: true, params: await referralParams(this) },
      }),
      'fixture managed integration',
    );
    return externalId;
  }

  /** A sales channel of this account (a provider: it names no other channel). */
  salesChannel(): Promise<string> {
    return this.once('salesChannel', async () => {
      const body = {
        name: 'Matrix Channel',
        type: 'provider',
        accountId: this.accountId,
        notificationUrl: NOTIFICATION_URL,
      };
      return (await this.post('/api/sales-channels', body)).id;
    });
  }

  /** A wallet app of this account: what authorizes connections. */
  walletApp(): Promise<string> {
    return this.once('walletApp', async () => {
      const body = {
        id: unique('wallet'),
        name: 'Matrix Wallet',
        accountId: this.accountId,
        assetTypes: [{ id: ASSET_TYPE }],
      };
      return (await this.post('/api/wallets', body)).id;
    });
  }

  /** A new connection asked for on the shared merchant (authorizing one consumes it). */
  async newConnection(): Promise<string> {
    return (await this.post('/api/connections', { merchantId: (await this.merchant()).merchantId })).id;
  }

  /** A connection this account's wallet app authorized and a request then named: what its latest request reads. */
  requestedConnection(): Promise<string> {
    return this.once('requestedConnection', async () => {
      const id = await this.newConnection();
      await this.post(`/api/connections/${id}/authorize`, { walletId: await this.walletApp() });
      await this.newRequest('new', { connectionId: id });
      return id;
    });
  }

  /** A payment link of the shared merchant (archiving an archived link answers it as it is). */
  paymentLink(): Promise<string> {
    return this.once(
      'paymentLink',
      async () =>
        (await this.post('/api/payment-links', { merchantId: (await this.merchant()).merchantId, name: 'Matrix Link' }))
          .id,
    );
  }

  /** A new user who joined this account as a cashier (a member a call may remove, or change the role of). */
  async newMember(): Promise<string> {
    const user = await newUser();
    await joinByInvitation(this.account, user, 'cashier');
    return user.userId;
  }

  /** A member of this account, whose memberships the user routes read. */
  member(): Promise<string> {
    return this.once('member', () => this.newMember());
  }

  /** A new open invitation to this account (one a call may accept or revoke). */
  async newInvitation(): Promise<{ id: string; code: string }> {
    const body = {
      type: 'account-membership',
      resourceId: this.accountId,
      resourceType: 'account',
      recipientAlias: `${unique('invitee')}@example.com`,
      params: { role: 'cashier' },
    };
    return this.post('/api/invitations', body);
  }

  invitation(): Promise<{ id: string; code: string }> {
    return this.once('invitation', () => this.newInvitation());
  }

  /** This account's business (a company of the fixture register: one business per account). */
  business(): Promise<string> {
    return this.once(
      'business',
      async () => (await this.post('/api/businesses', { nzbn: businessNzbn(), accountId: this.accountId })).id,
    );
  }

  /** An onboarding request of this account: a new account of its own with its business and an online merchant. */
  onboardingRequest(): Promise<string> {
    return this.once(
      'onboardingRequest',
      async () => (await this.post('/api/businesses/onboard', await onboardingBody(this))).id,
    );
  }

  /** The url of a batch file (a CSV with the business-onboard header and no records) of this account. */
  batchFileUrl(): Promise<string> {
    return this.once('batchFile', () => uploadBatchFile(this.account, onboardCsv([])));
  }

  batch(): Promise<string> {
    return this.once(
      'batch',
      async () =>
        (
          await this.post('/api/batches', {
            type: 'business-onboard',
            url: await this.batchFileUrl(),
            accountId: this.accountId,
          })
        ).id,
    );
  }

  async newWebhook(): Promise<string> {
    const body = { url: WEBHOOK_URL, types: ['payment-request:paid'] };
    return (await this.post(`/api/accounts/${this.accountId}/webhooks`, body, seed().operatorApiKey)).id;
  }

  /** A notification event of the account's event log: a test event, sent by its owner. */
  webhookEvent(): Promise<string> {
    return this.once(
      'webhookEvent',
      async () =>
        (await this.post(`/api/accounts/${this.accountId}/webhook-events/test`, { type: 'payment-request:paid' })).id,
    );
  }
}

/** What an onboarding request joins: the tenant's program, settled to a new bank account number. */
async function onboardingProgram(tenant: Tenant) {
  return {
    assetProgramId: await tenant.assetProgram(),
    params: { settlementAccountNumber: uniqueBankNumber(), externalMerchantId: unique('ext') },
  };
}
/** An online merchant: it needs no location. */
const ONBOARDED_MERCHANT = { name: 'Matrix Shop', categoryCode: '5812', type: 'e-commerce' };
const onboardingBody = async (tenant: Tenant) => ({
  legalName: 'Matrix Holdings Limited',
  contactEmail: 'matrix@example.com',
  assetProgram: await onboardingProgram(tenant),
  merchant: ONBOARDED_MERCHANT,
});

/** A payment referral's params: the tenant's merchant. */
async function referralParams(tenant: Tenant): Promise<Record<string, string>> {
  return { platformMerchantId: (await tenant.merchant()).merchantId, email: 'matrix@example.com' };
}

/** Where a call's resources live: the route's own, and the wallet a payment spends. */
export interface Placement {
  resources: Tenant;
  wallet: Tenant;
}

interface Context {
  tenant: Tenant;
  /** The request the call names: fresh in the state its operation consumes, else the shared one. */
  request: () => Promise<Request>;
  /** The bank account the call names: fresh where its operation changes it for good, else the shared one. */
  bankAccount: () => Promise<{ id: string; bankAccountNumber: string }>;
  /** The bank account approval the call names: fresh where its operation reviews it, else the shared one. */
  approval: () => Promise<string>;
  /** The connection intent the call names and the code its consent returned (each call authorizes a new one). */
  intent: () => Promise<{ id: string; code: string }>;
  /** The invitation the call names (its id and code): fresh for the operations that close one. */
  invitation: () => Promise<{ id: string; code: string }>;
}

/** Operations that close the invitation they name. */
const FRESH_INVITATION = new Set(['acceptInvitation', 'revokeInvitation']);

/** Operations that need a bank account of their own, made with these fields. */
const FRESH_BANK_ACCOUNT: Readonly<Record<string, Record<string, unknown>>> = {
  addDirectDebitAuthority: { directDebitAuthority: undefined },
  verifyBankAccount: {},
  verifyBankAuthority: {},
  archiveBankAccount: { directDebitAuthority: undefined },
  // One approval is in progress per bank account.
  createBankAccountApproval: { directDebitAuthority: undefined },
};

/** Operations that review an approval, which happens once: each call names a new one. */
const FRESH_APPROVAL = new Set(['acceptBankAccountApproval', 'declineBankAccountApproval']);

type Resolve = (context: Context) => Promise<unknown>;

const accountOf: Resolve = async ({ tenant }) => tenant.accountId;
const merchantOf: Resolve = async ({ tenant }) => (await tenant.merchant()).merchantId;
const configOf: Resolve = async ({ tenant }) => (await tenant.merchant()).configId;
const requestOf: Resolve = async ({ request }) => (await request()).id;

const PATH_PARAMS: Readonly<Record<string, Resolve>> = {
  accountId: accountOf,
  apiKeyName: ({ tenant }) => tenant.spareKeyName(),
  assetId: ({ tenant }) => tenant.wallet(),
  walletId: ({ tenant }) => tenant.wallet(),
  walletAppId: ({ tenant }) => tenant.walletApp(),
  merchantId: merchantOf,
  configId: configOf,
  paymentRequestId: requestOf,
  conditionId: async () => CONDITION_ID,
  shortCode: async ({ tenant }) => (await tenant.request()).shortCode,
  externalRef: async ({ tenant }) => (await tenant.request()).externalRef,
  patronCodeId: async ({ tenant }) => (await tenant.patronCode()).id,
  barcode: async ({ tenant }) => (await tenant.patronCode()).barcode,
  namespace: async ({ tenant }) => (await tenant.patronCode()).namespace,
  externalId: async ({ tenant }) => (await tenant.patronCode()).externalId,
  webhookId: ({ tenant }) => tenant.newWebhook(),
  eventId: ({ tenant }) => tenant.webhookEvent(),
  mediaUploadId: ({ tenant }) => tenant.mediaUpload(),
  collectionId: ({ tenant }) => tenant.collection(),
  redemptionConditionId: ({ tenant }) => tenant.redemptionCondition(),
  // Claims and cancels consume a transfer: every call names a new one.
  assetTransferId: ({ tenant }) => tenant.newAssetTransfer(),
  loyaltyProgramId: ({ tenant }) => tenant.loyaltyProgram(),
  promotionId: ({ tenant }) => tenant.promotion(),
  bankAccountId: async ({ bankAccount }) => (await bankAccount()).id,
  assetProgramId: ({ tenant }) => tenant.assetProgram(),
  assetProgramMembershipId: ({ tenant }) => tenant.assetProgramMembership(),
  assetProgramConfigId: ({ tenant }) => tenant.assetProgramConfig(),
  integrationRequestId: ({ tenant }) => tenant.integrationRequest(),
  bankAccountApprovalId: ({ approval }) => approval(),
  bankAccountConnectionIntentId: async ({ intent }) => (await intent()).id,
  salesChannelId: ({ tenant }) => tenant.salesChannel(),
  // Authorizing consumes a connection: every call names a new one.
  connectionId: ({ tenant }) => tenant.newConnection(),
  paymentLinkId: ({ tenant }) => tenant.paymentLink(),
  userId: ({ tenant }) => tenant.member(),
  code: async ({ invitation }) => (await invitation()).code,
  invitationId: async ({ invitation }) => (await invitation()).id,
  topupId: ({ tenant }) => tenant.topup(),
  withdrawalId: ({ tenant }) => tenant.withdrawal(),
  // Aborts and the bank's reports end a top up: every call names a new one.
  fundsTransferId: ({ tenant }) => tenant.newTopup(),
  businessId: ({ tenant }) => tenant.business(),
  onboardingRequestId: ({ tenant }) => tenant.onboardingRequest(),
  batchId: ({ tenant }) => tenant.batch(),
  nzbn: async () => REGISTERED_NZBN,
  // The bank's report ends a settlement's wait: every call names a new one (of a settling merchant of its own).
  settlementId: async () => (await awaitingSettlement()).id,
};

/** Path parameters and body fields whose value depends on the route, by operation (over PATH_PARAMS and FIELDS). */
const ROUTE_VALUES: Readonly<Record<string, Readonly<Record<string, Resolve>>>> = {
  // Activating and deleting consume a request: every call names a new one.
  activateIntegrationRequest: { integrationRequestId: ({ tenant }) => tenant.newIntegrationRequest() },
  deleteIntegrationRequest: { integrationRequestId: ({ tenant }) => tenant.newIntegrationRequest() },
  putManagedIntegration: { type: async () => 'payment-referral', params: ({ tenant }) => referralParams(tenant) },
  getManagedIntegration: { type: async () => 'payment-referral' },
  // The provider's report ends provisioning: every call names a new integration.
  reportProviderOutcome: {
    type: async () => 'payment-referral',
    externalId: ({ tenant }) => tenant.newManagedIntegration(),
  },
  removeMember: { userId: ({ tenant }) => tenant.newMember() },
  // Users join by invitation only: the call changes the role of a member.
  addMember: { userId: ({ tenant }) => tenant.newMember() },
  authorizeConnectionIntent: { code: async ({ intent }) => (await intent()).code },
  // Archiving takes a token out of use (a money asset is UNSUPPORTED_ASSET_TYPE): every call names a new one.
  archiveAsset: { assetId: async ({ tenant }) => (await tenant.newToken()).id },
  getAssetByExternalId: {
    assetType: async ({ tenant }) => (await tenant.taggedToken()).type,
    externalId: async ({ tenant }) => (await tenant.taggedToken()).externalId,
  },
  createLoyaltyProgramMembership: { loyaltyProgramId: ({ tenant }) => tenant.newActiveLoyaltyProgram() },
  // A promotion's rewards are funded from a wallet of the program's account.
  createPromotion: {
    loyaltyProgramId: async ({ tenant }) => {
      await tenant.wallet();
      return tenant.loyaltyProgram();
    },
    params: async () => PROMOTION_PARAMS,
  },
  getLatestPaymentRequest: { connectionId: ({ tenant }) => tenant.requestedConnection() },
  // The merchant's own request, scanned by its short code, for the merchant's config.
  decodeScannedCode: { code: async ({ request }) => (await request()).shortCode, merchantConfigId: configOf },
};

/** A company of the fixture register: the register is no account's, so every account may read it. */
const REGISTERED_NZBN = '9429000000116';

/** Body and query fields that name a resource. */
const FIELDS: Readonly<Record<string, Resolve>> = {
  accountId: accountOf,
  merchantAccountId: accountOf,
  merchantId: merchantOf,
  configId: configOf,
  requestId: requestOf,
  transactionId: async ({ request }) => (await request()).transactionId,
  paymentOptions: async ({ tenant }) => [{ type: ASSET_TYPE, walletId: (await tenant.merchant()).settlementWalletId }],
  collectionId: ({ tenant }) => tenant.collection(),
  // The asset a body names; a call moving value out of it gets a new one (MOVED_ASSET_FIELD). Listings name the sender.
  assetId: ({ tenant }) => tenant.wallet(),
  senderAccountId: accountOf,
  bankAccountId: async ({ bankAccount }) => (await bankAccount()).id,
  // The code the bank account's holder reads on its statement.
  verificationCode: async ({ bankAccount }) => statementCode((await bankAccount()).bankAccountNumber),
  // A membership is made once per program and account: every call joins a new program.
  assetProgramId: ({ tenant }) => tenant.newAssetProgram(),
  billingBankAccountId: async ({ bankAccount }) => (await bankAccount()).id,
  collectionIds: async ({ tenant }) => [await tenant.collection()],
  mediaUploadId: ({ tenant }) => tenant.bankStatement(),
  // The wallet app authorizing a connection.
  walletId: ({ tenant }) => tenant.walletApp(),
  // The channel a merchant joins (joining again answers the membership as it is).
  salesChannelId: ({ tenant }) => tenant.salesChannel(),
  userId: async () => (await newUser()).userId,
  resourceId: accountOf,
  // The invitation's code; the connection intent's consent code where the operation says (ROUTE_VALUES).
  code: async ({ invitation }) => (await invitation()).code,
  // A register search names no account's resource; the grant to search is global.
  q: async () => 'limited',
};

/** Body values of one operation where the shared ones do not fit (asset programs name asset types as strings). */
const OPERATION_VALUES: Readonly<Record<string, Record<string, unknown>>> = {
  createAssetProgram: { assetTypes: [ASSET_TYPE] },
};
/** Optional body fields an operation must send to succeed: a money transfer's terms. */
const OPERATION_OPTIONAL: Readonly<Record<string, Record<string, unknown>>> = {
  createAssetTransfer: SHARED_TRANSFER,
  // A profile update names at least one field.
  updateProfile: { marketingUpdates: true },
  onboardBusiness: { merchant: ONBOARDED_MERCHANT },
};
/**
 * Fields an operation names differently from the table above: top ups and withdrawals move money between a wallet and a
 * centrapay bank account.
 */
const FUNDS_TRANSFER_FIELDS: Readonly<Record<string, Resolve>> = {
  assetId: ({ tenant }) => tenant.wallet(),
  bankAccountId: async ({ tenant }) => (await tenant.centrapayBankAccount()).id,
};
const OPERATION_FIELDS: Readonly<Record<string, Readonly<Record<string, Resolve>>>> = {
  createTopup: FUNDS_TRANSFER_FIELDS,
  createWithdrawal: FUNDS_TRANSFER_FIELDS,
  createBatch: { url: ({ tenant }) => tenant.batchFileUrl() },
  // Each business takes a company of the fixture register for good.
  createBusiness: { nzbn: async () => businessNzbn() },
  // Any account's published program may be joined: the request and what it makes are the caller's.
  onboardBusiness: { assetProgram: ({ tenant }) => onboardingProgram(tenant) },
};

/** Values that make a body valid and its effect succeed; names, ids and keys are new on every call. */
const bodyValues = () => ({
  value: money(AMOUNT),
  amount: AMOUNT,
  asset: 'NZD',
  region: 'NZ',
  country: 'NZ',
  test: true,
  ledgerId: ASSET_TYPE,
  ledger: ASSET_TYPE,
  assetType: ASSET_TYPE,
  assetTypes: [{ id: ASSET_TYPE }],
  lineItems: [{ name: 'fuel', qty: '1', price: AMOUNT }],
  enabled: true,
  // Generous: the operator's PUT …/rate-limit must not throttle the rest of the run.
  rateLimitPerMinute: 1_000_000,
  url: WEBHOOK_URL,
  name: unique(),
  id: unique(),
  idempotencyKey: unique(),
  alias: `${unique('alias')}@example.com`,
  recipientAlias: `${unique('invitee')}@example.com`,
  externalRef: unique('ref'),
  bankAccountNumber: uniqueBankNumber(),
  phoneNumber: DIRECT_DEBIT.phoneNumber,
  emailAddress: DIRECT_DEBIT.emailAddress,
  notificationUrl: NOTIFICATION_URL,
});

/**
 * Optional body fields a call must send anyway: an org account's region, the test flag of a test
 * account's resources, a sales channel's notification target (it needs an email or a URL).
 */
const ALSO_OPTIONAL = ['region', 'test', 'notificationUrl'];

const pathParams = (route: Route) => [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
const queryFields = (route: Route) =>
  Object.keys(schemaOf(route.query)?.properties ?? {}).filter((name) => name in FIELDS);
const bodyFields = (route: Route) =>
  ((schemaOf(route.body)?.required ?? []) as string[]).filter(
    (name) => name in FIELDS || name in (ROUTE_VALUES[route.operation] ?? {}),
  );
/** Required body fields an operation takes from its own resolver: values, not names of an account's resources. */
const operationFields = (route: Route) =>
  ((schemaOf(route.body)?.required ?? []) as string[]).filter(
    (name) => name in (OPERATION_FIELDS[route.operation] ?? {}),
  );

/** The wallet field of a route that pays, if it does. */
export const spentWalletField = (route: Route): string | undefined => SPENT_WALLET_FIELD[route.operation];

/** Whether the route's call names anything of an account (so it can name another account's). */
export const namesResource = (route: Route) =>
  pathParams(route).length > 0 ||
  queryFields(route).length > 0 ||
  bodyFields(route).length > 0 ||
  spentWalletField(route) !== undefined;

/** Valid multipart forms, per operation. */
const MULTIPART_FORMS: Readonly<Record<string, () => FormData>> = { createMediaUpload: logoForm };

/** What a route needs to exist before it can answer 200 though it names nothing. */
const PRECONDITIONS: Readonly<Record<string, (tenant: Tenant) => Promise<unknown>>> = {
  getPatronCodePaymentRequest: (tenant) => tenant.patronRequest(),
  getManagedIntegration: (tenant) => tenant.managedIntegration(),
  getAccountBusiness: (tenant) => tenant.business(),
};

export interface PreparedCall {
  path: string;
  body?: unknown;
  /** A multipart body (routes with `bodyEncoding: 'multipart'`). */
  form?: FormData;
  /** The wallet the call spends or moves value out of, funded with FUNDS. */
  spentWalletId?: string;
}

async function resolveAll(
  names: string[],
  table: Readonly<Record<string, Resolve>>,
  context: Context,
): Promise<Record<string, Json>> {
  return Object.fromEntries(await Promise.all(names.map(async (name) => [name, await table[name](context)])));
}

/** The route's path, query and body with every resource it names made in the placement's accounts. */
export async function prepareCall(route: Route, placement: Placement): Promise<PreparedCall> {
  const tenant = placement.resources;
  const state = FRESH_REQUEST[route.operation];
  let named: Promise<Request> | undefined;
  const fresh = FRESH_BANK_ACCOUNT[route.operation];
  let bank: Promise<{ id: string; bankAccountNumber: string }> | undefined;
  let approval: Promise<string> | undefined;
  let intent: Promise<{ id: string; code: string }> | undefined;
  let invitation: Promise<{ id: string; code: string }> | undefined;
  const context: Context = {
    tenant,
    request: () => (named ??= state ? tenant.newRequest(state) : tenant.request()),
    bankAccount: () => (bank ??= fresh ? tenant.newBankAccount(fresh) : tenant.bankAccount()),
    approval: () => (approval ??= FRESH_APPROVAL.has(route.operation) ? tenant.newApproval() : tenant.approval()),
    intent: () => (intent ??= tenant.newConsentedIntent()),
    invitation: () =>
      (invitation ??= FRESH_INVITATION.has(route.operation) ? tenant.newInvitation() : tenant.invitation()),
  };
  await PRECONDITIONS[route.operation]?.(tenant);

  const own = ROUTE_VALUES[route.operation] ?? {};
  const params = await resolveAll(pathParams(route), { ...PATH_PARAMS, ...own }, context);
  const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
  // Required query fields that name no resource (a status filter) take any valid value.
  const required = Object.entries(
    (schemaOf(route.query) ? validInstance(schemaOf(route.query)!) : {}) as Record<string, unknown>,
  ).map(([k, v]) => [k, String(v)]);
  const query = new URLSearchParams({
    ...Object.fromEntries(required),
    ...(await resolveAll(queryFields(route), FIELDS, context)),
  }).toString();
  const call: PreparedCall = { path: query ? `${path}?${query}` : path };
  const schema = schemaOf(route.body);
  if (!schema) return call;
  if (route.bodyEncoding === 'multipart') return { ...call, form: MULTIPART_FORMS[route.operation]() };

  const values: Record<string, unknown> = {
    ...bodyValues(),
    ...OPERATION_VALUES[route.operation],
    ...(await resolveAll(bodyFields(route), { ...FIELDS, ...own }, context)),
    ...(await resolveAll(operationFields(route), OPERATION_FIELDS[route.operation] ?? {}, context)),
  };
  const body = validInstance(schema, values) as Record<string, unknown>;
  for (const name of ALSO_OPTIONAL) if (schema.properties?.[name]) body[name] = values[name];
  Object.assign(body, OPERATION_OPTIONAL[route.operation]);
  const walletField = spentWalletField(route);
  if (walletField) {
    call.spentWalletId = await placement.wallet.newWallet();
    body[walletField] = call.spentWalletId;
  }
  const movedField = MOVED_ASSET_FIELD[route.operation];
  if (movedField) {
    call.spentWalletId = await tenant.newWallet();
    body[movedField] = call.spentWalletId;
  }
  return { ...call, body };
}
