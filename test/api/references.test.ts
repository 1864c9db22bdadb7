import { api, FORBIDDEN, newAccount, seed, type ApiResponse, type TestAccount } from '../support/api';
import { PROGRAM_URLS, newAssetProgram } from '../support/asset-programs';
import { bankStatement, newBankAccount } from '../support/bank';
import { uploadBatchFile } from '../support/batches';
import { newConnection, newPaymentLink, newWalletApp, uniqueWalletId } from '../support/channels';
import { CSV, uploadLogo } from '../support/media';
import { newMerchant, newPayer, nzd } from '../support/payments';
import { PRODUCTS } from '../support/token-payments';
import {
  collectionManager,
  newCollection,
  newCondition,
  newLoyaltyProgram,
  ok,
  sendAsset,
  subscribe,
  uniqueEmail,
  uniqueKey,
  written,
} from '../support/value';

/**
 * Attack 3: a body naming another account's resource by id. Every field that names a resource goes
 * through one check (it exists, the caller's account may name it, it fits the field): another
 * account's id answers exactly what a missing id answers, the route's documented code (else
 * FORBIDDEN or a 400 naming the field), and nothing is written. Where a field's own resource is
 * given, it is taken, so the check refuses only what it should.
 */
const refusal = (message: string, statusCode = 403) => ({
  statusCode,
  error: statusCode === 400 ? 'Bad Request' : 'Forbidden',
  message,
});
const MEDIA_UPLOAD_INVALID = refusal('MEDIA_UPLOAD_INVALID');
const MISSING = 'zzNoSuchResourcezzzzzz';
/** A well-formed id of the same kind as `foreign` (its prefix, or a wallet app's lowercase name) that names nothing. */
const missingLike = (foreign: string) => {
  const prefix = /^[a-z]{1,3}_/.exec(foreign)?.[0];
  if (prefix) return `${prefix}${MISSING}`;
  return /^[a-z0-9][a-z0-9-]*$/.test(foreign) && foreign.length !== 22 ? 'no-such-wallet-app' : MISSING;
};

interface Reference {
  /** The call naming `id` in the field. */
  call: (id: string) => Promise<ApiResponse>;
  /** An id of another account's resource of the field's kind. */
  foreign: string;
  /** An id no resource has (default MISSING; some fields take a prefix). */
  missing?: string;
  /** The caller's own resources that do not fit the field (another purpose, kind or liveness). */
  misfits?: string[];
  /** The caller's own, fitting resource: taken. */
  own?: string;
}

const CASES: [string, ReturnType<typeof refusal>, () => Promise<Reference>][] = [
  // Media uploads: every field naming one (docs/api/media-uploads.md: MEDIA_UPLOAD_INVALID).
  [
    'POST /api/collections mediaUploadId',
    MEDIA_UPLOAD_INVALID,
    async () => {
      const [me, they] = await Promise.all([collectionManager(), newAccount()]);
      const call = (id: string) =>
        api('POST', '/api/collections', {
          key: me.apiKey,
          body: { name: 'Bread', accountId: me.accountId, type: 'product', maxValue: nzd('100'), mediaUploadId: id },
        });
      return { call, foreign: await uploadLogo(they), misfits: [await bankStatement(me)], own: await uploadLogo(me) };
    },
  ],
  [
    'POST /api/wallets logoMediaUploadId',
    MEDIA_UPLOAD_INVALID,
    async () => {
      const [me, they] = await Promise.all([newAccount(), newAccount()]);
      const call = (id: string) =>
        api('POST', '/api/wallets', {
          key: me.apiKey,
          body: {
            id: uniqueWalletId(),
            name: 'Logo Wallet',
            accountId: me.accountId,
            logoMediaUploadId: id,
            assetTypes: [{ id: 'svc.nzd' }],
          },
        });
      return { call, foreign: await uploadLogo(they), misfits: [await bankStatement(me)], own: await uploadLogo(me) };
    },
  ],
  [
    'POST /api/loyalty-programs mediaUploadId',
    MEDIA_UPLOAD_INVALID,
    async () => {
      const [me, they] = await Promise.all([newAccount(), newAccount()]);
      const call = (id: string) =>
        api('POST', '/api/loyalty-programs', {
          key: me.apiKey,
          body: { name: 'Coffee Club', accountId: me.accountId, mediaUploadId: id },
        });
      return { call, foreign: await uploadLogo(they), misfits: [await bankStatement(me)], own: await uploadLogo(me) };
    },
  ],
  [
    'POST /api/asset-programs mediaUploadId',
    MEDIA_UPLOAD_INVALID,
    async () => {
      const [me, they] = await Promise.all([collectionManager(), newAccount()]);
      const collection = await newCollection(me);
      const call = (id: string) =>
        api('POST', '/api/asset-programs', {
          key: me.apiKey,
          body: {
            name: 'Fuel',
            accountId: me.accountId,
            assetTypes: ['svc.nzd.test'],
            collectionIds: [collection.id],
            ...PROGRAM_URLS,
            mediaUploadId: id,
          },
        });
      return { call, foreign: await uploadLogo(they), misfits: [await bankStatement(me)], own: await uploadLogo(me) };
    },
  ],
  [
    'POST /api/bank-account-approvals mediaUploadId',
    MEDIA_UPLOAD_INVALID,
    async () => {
      const [me, they] = await Promise.all([newAccount(), newAccount()]);
      const bank = await newBankAccount(me, { directDebitAuthority: undefined });
      const call = (id: string) =>
        api('POST', '/api/bank-account-approvals', {
          key: me.apiKey,
          body: { bankAccountId: bank.id, type: 'settlement', mediaUploadId: id },
        });
      return {
        call,
        foreign: await bankStatement(they),
        misfits: [await uploadLogo(me)],
        own: await bankStatement(me),
      };
    },
  ],
  [
    'POST /api/batches url (the upload it names)',
    MEDIA_UPLOAD_INVALID,
    async () => {
      const [me, they] = await Promise.all([newAccount(), newAccount()]);
      const uploadId = (url: string) => url.slice(url.lastIndexOf('/') + 1);
      // The URL names the caller's account: only the upload id is another account's.
      const call = (id: string) =>
        api('POST', '/api/batches', {
          key: me.apiKey,
          body: {
            type: 'business-onboard',
            accountId: me.accountId,
            url: `s3://payments-media/media/${me.accountId}/${id}`,
          },
        });
      return { call, foreign: uploadId(await uploadBatchFile(they, CSV)), misfits: [await uploadLogo(me)] };
    },
  ],

  // Token collections: a merchant names its account's, or an issuer's that agreed a redemption condition with it.
  [
    'POST /api/merchants/{merchantId}/configs collectionIds',
    refusal('COLLECTIONS_INVALID'),
    async () => {
      const [merchant, issuer] = await Promise.all([newMerchant(), collectionManager()]);
      const [foreign, agreed] = await Promise.all([newCollection(issuer), newCollection(issuer)]);
      await newCondition(issuer, agreed.id, merchant.merchantId, PRODUCTS);
      const call = (id: string) =>
        api('POST', `/api/merchants/${merchant.merchantId}/configs`, {
          key: merchant.owner.apiKey,
          body: { paymentOptions: [{ type: 'svc.token.test', collectionIds: [id] }] },
        });
      return { call, foreign: foreign.id, own: agreed.id };
    },
  ],
  [
    'PUT /api/merchants/{merchantId}/configs/{configId} collectionIds',
    refusal('COLLECTIONS_INVALID'),
    async () => {
      const [merchant, issuer] = await Promise.all([newMerchant(), collectionManager()]);
      await subscribe(merchant.owner.accountId, ['collection-manager']);
      const [foreign, own] = await Promise.all([newCollection(issuer), newCollection(merchant.owner)]);
      const call = (id: string) =>
        api('PUT', `/api/merchants/${merchant.merchantId}/configs/${merchant.configId}`, {
          key: merchant.owner.apiKey,
          body: {
            paymentOptions: [
              { type: 'svc.nzd.test', walletId: merchant.settlementWalletId },
              { type: 'svc.token.test', collectionIds: [id] },
            ],
          },
        });
      return { call, foreign: foreign.id, own: own.id };
    },
  ],
  [
    'POST /api/payment-requests collectionId',
    refusal('TOKEN_COLLECTION_NOT_FOUND'),
    async () => {
      const [merchant, issuer] = await Promise.all([newMerchant(), collectionManager()]);
      const [foreign, agreed] = await Promise.all([newCollection(issuer), newCollection(issuer)]);
      await newCondition(issuer, agreed.id, merchant.merchantId, PRODUCTS);
      const call = (id: string) =>
        api('POST', '/api/payment-requests', {
          key: merchant.owner.apiKey,
          body: { configId: merchant.configId, value: nzd('100'), collectionId: id },
        });
      return { call, foreign: foreign.id, own: agreed.id };
    },
  ],
  [
    'POST /api/wallets assetTypes[].collectionId',
    refusal('assetTypes.0.collectionId is not a collection of the account', 400),
    async () => {
      const [me, they] = await Promise.all([collectionManager(), collectionManager()]);
      const call = (id: string) =>
        api('POST', '/api/wallets', {
          key: me.apiKey,
          body: {
            id: uniqueWalletId(),
            name: 'Token Wallet',
            accountId: me.accountId,
            assetTypes: [{ id: 'svc.token.test', collectionId: id }],
          },
        });
      return { call, foreign: (await newCollection(they)).id, own: (await newCollection(me)).id };
    },
  ],
  [
    'POST /api/asset-programs collectionIds',
    refusal('COLLECTION_IDS_INVALID'),
    async () => {
      const [me, they] = await Promise.all([collectionManager(), collectionManager()]);
      const call = (id: string) =>
        api('POST', '/api/asset-programs', {
          key: me.apiKey,
          body: {
            name: 'Fuel',
            accountId: me.accountId,
            assetTypes: ['svc.nzd.test'],
            collectionIds: [id],
            ...PROGRAM_URLS,
          },
        });
      return {
        call,
        foreign: (await newCollection(they)).id,
        missing: 'c_NoSuchCoLLectionzzzzzz',
        own: (await newCollection(me)).id,
      };
    },
  ],

  // Assets.
  [
    'POST /api/patron-codes assetId',
    FORBIDDEN,
    async () => {
      const [me, they] = await Promise.all([newPayer('0'), newPayer('0')]);
      const call = (id: string) => api('POST', '/api/patron-codes', { key: me.apiKey, body: { assetId: id } });
      return { call, foreign: they.walletId, own: me.walletId };
    },
  ],
  [
    'POST /api/patron-codes assetId (a settlement wallet pays nothing)',
    FORBIDDEN,
    async () => {
      const [merchant, they] = await Promise.all([newMerchant(), newPayer('0')]);
      const call = (id: string) =>
        api('POST', '/api/patron-codes', { key: merchant.owner.apiKey, body: { assetId: id } });
      return { call, foreign: they.walletId, misfits: [merchant.settlementWalletId] };
    },
  ],
  [
    'POST /api/asset-transfers assetId',
    FORBIDDEN,
    async () => {
      const [me, they] = await Promise.all([newPayer('1000'), newPayer('1000')]);
      const call = (id: string) => sendAsset(me, { assetId: id, value: '10', recipientAlias: uniqueEmail() });
      return { call, foreign: they.walletId, own: me.walletId };
    },
  ],
  [
    'POST /api/asset-transfers loyaltyProgramId',
    refusal('LOYALTY_PROGRAM_NOT_FOUND'),
    async () => {
      const [me, they] = await Promise.all([newPayer('1000'), newAccount()]);
      const call = (id: string) =>
        sendAsset(me, { assetId: me.walletId, value: '10', recipientAlias: uniqueEmail(), loyaltyProgramId: id });
      return { call, foreign: (await newLoyaltyProgram(they)).id, own: (await newLoyaltyProgram(me)).id };
    },
  ],
  [
    'POST /api/merchants/{merchantId}/configs walletId',
    refusal('INVALID_WALLET_TYPE'),
    async () => {
      const [merchant, other, payer] = await Promise.all([newMerchant(), newMerchant(), newPayer('0')]);
      const call = (id: string) =>
        api('POST', `/api/merchants/${merchant.merchantId}/configs`, {
          key: merchant.owner.apiKey,
          body: { paymentOptions: [{ type: 'svc.nzd.test', walletId: id }] },
        });
      // Its account's own wallet that is no settlement wallet does not fit.
      const plain = await ok(
        api('POST', '/api/wallet-assets', {
          key: merchant.owner.apiKey,
          body: { accountId: merchant.owner.accountId, ledgerId: 'svc.nzd.test' },
        }),
      );
      return {
        call,
        foreign: other.settlementWalletId,
        misfits: [plain.id, payer.walletId],
        own: merchant.settlementWalletId,
      };
    },
  ],
  [
    'POST /api/withdrawals assetId',
    FORBIDDEN,
    async () => {
      const [me, they] = await Promise.all([newPayer('1000'), newPayer('1000')]);
      const bank = await newBankAccount(me);
      return {
        call: (id) =>
          api('POST', '/api/withdrawals', {
            key: me.apiKey,
            body: { assetId: id, bankAccountId: bank.id, amount: '10' },
          }),
        foreign: they.walletId,
      };
    },
  ],

  // Bank accounts.
  [
    'POST /api/withdrawals bankAccountId',
    FORBIDDEN,
    async () => {
      const [me, they] = await Promise.all([newPayer('1000'), newAccount()]);
      return {
        call: (id) =>
          api('POST', '/api/withdrawals', {
            key: me.apiKey,
            body: { assetId: me.walletId, bankAccountId: id, amount: '10' },
          }),
        foreign: (await newBankAccount(they)).id,
      };
    },
  ],
  [
    'POST /api/merchants settlementConfig.bankAccountId',
    refusal('BANK_ACCOUNT_MISMATCH'),
    async () => {
      const [me, they] = await Promise.all([newAccount(), newAccount()]);
      const call = (id: string) =>
        api('POST', '/api/merchants', {
          key: me.apiKey,
          body: {
            accountId: me.accountId,
            name: 'Cafe',
            country: 'NZ',
            test: true,
            settlementConfig: { bankAccountId: id },
          },
        });
      return { call, foreign: (await newBankAccount(they)).id, own: (await newBankAccount(me)).id };
    },
  ],
  [
    'POST /api/asset-program-memberships billingBankAccountId',
    FORBIDDEN,
    async () => {
      const [issuer, me, they] = await Promise.all([collectionManager(), newAccount(), newAccount()]);
      const program = await newAssetProgram(issuer);
      const call = (id: string) =>
        api('POST', '/api/asset-program-memberships', {
          key: me.apiKey,
          body: { assetProgramId: program.id, accountId: me.accountId, billingBankAccountId: id },
        });
      return { call, foreign: (await newBankAccount(they)).id, own: (await newBankAccount(me)).id };
    },
  ],
  [
    'POST /api/bank-account-connection-intents bankAccountId',
    FORBIDDEN,
    async () => {
      const [me, they] = await Promise.all([newAccount(), newAccount()]);
      const call = (id: string) =>
        api('POST', '/api/bank-account-connection-intents', {
          key: me.apiKey,
          body: { accountId: me.accountId, type: 'enduring-payment-consent', bankAccountId: id, test: true },
        });
      return { call, foreign: (await newBankAccount(they)).id, own: (await newBankAccount(me)).id };
    },
  ],

  // Merchants, wallet apps, links, accounts.
  [
    'POST /api/connections merchantId',
    FORBIDDEN,
    async () => {
      const [merchant, other] = await Promise.all([newMerchant(), newMerchant()]);
      return {
        call: (id) => api('POST', '/api/connections', { key: merchant.owner.apiKey, body: { merchantId: id } }),
        foreign: other.merchantId,
        own: merchant.merchantId,
      };
    },
  ],
  [
    'POST /api/payment-links merchantId',
    FORBIDDEN,
    async () => {
      const [merchant, other] = await Promise.all([newMerchant(), newMerchant()]);
      return {
        call: (id) =>
          api('POST', '/api/payment-links', { key: merchant.owner.apiKey, body: { merchantId: id, name: 'Counter' } }),
        foreign: other.merchantId,
        own: merchant.merchantId,
      };
    },
  ],
  [
    'POST /api/payment-requests paymentLinkId',
    FORBIDDEN,
    async () => {
      const [merchant, other] = await Promise.all([newMerchant(), newMerchant()]);
      const [foreign, own] = await Promise.all([
        newPaymentLink(other.owner.apiKey, other.merchantId),
        newPaymentLink(merchant.owner.apiKey, merchant.merchantId),
      ]);
      const call = (id: string) =>
        api('POST', '/api/payment-requests', {
          key: merchant.owner.apiKey,
          body: { configId: merchant.configId, value: nzd('100'), paymentLinkId: id },
        });
      return { call, foreign: foreign.id, own: own.id };
    },
  ],
  [
    'POST /api/connections/{connectionId}/authorize walletId',
    FORBIDDEN,
    async () => {
      const [merchant, me, they] = await Promise.all([newMerchant(), newAccount(), newAccount()]);
      const connection = await newConnection(merchant.owner.apiKey, merchant.merchantId);
      const [foreign, own] = await Promise.all([newWalletApp(they), newWalletApp(me)]);
      return {
        call: (id) =>
          api('POST', `/api/connections/${connection.id}/authorize`, { key: me.apiKey, body: { walletId: id } }),
        foreign: foreign.id,
        own: own.id,
      };
    },
  ],
  [
    'PUT /api/managed-integrations/{type}/{externalId} params.platformMerchantId',
    refusal('MERCHANT_NOT_FOUND'),
    async () => {
      const [merchant, other] = await Promise.all([newMerchant(), newMerchant()]);
      const call = (id: string) =>
        api('PUT', `/api/managed-integrations/payment-referral/${uniqueKey('ref')}`, {
          key: merchant.owner.apiKey,
          body: { enabled: false, params: { platformMerchantId: id, email: uniqueEmail() } },
        });
      return { call, foreign: other.merchantId, own: merchant.merchantId };
    },
  ],
  [
    'POST /api/invitations resourceId',
    FORBIDDEN,
    async () => {
      const [me, they] = await Promise.all([newAccount(), newAccount()]);
      const call = (id: string) =>
        api('POST', '/api/invitations', {
          key: me.apiKey,
          body: {
            type: 'account-membership',
            resourceType: 'account',
            resourceId: id,
            recipientAlias: uniqueEmail(),
            params: { role: 'cashier' },
          },
        });
      return { call, foreign: they.accountId, own: me.accountId };
    },
  ],
];

describe('attack 3: every id a body names is checked before anything is written', () => {
  it.each(CASES)(
    '%s: another account’s id answers as a missing one does, writing nothing',
    async (_name, expected, setup) => {
      const { call, foreign, missing = missingLike(foreign), misfits = [], own } = await setup();
      for (const id of [foreign, missing, ...misfits]) {
        const res = await call(id);
        expect({ id, body: res.body }).toEqual({ id, body: expected });
        expect({ id, written: written(res) }).toEqual({ id, written: [] });
      }
      if (own !== undefined) {
        const res = await call(own);
        expect({ status: res.status, body: res.body }).toMatchObject({ status: 200 });
      }
    },
    60_000,
  );
});

describe('wallet apps on connect pages', () => {
  const operatorKey = () => seed().operatorApiKey;
  const approve = (walletId: string, approved: boolean, key = operatorKey()) =>
    api('PUT', `/api/wallets/${walletId}/approval`, { key, body: { approved } });
  const walletApp = async (owner: TestAccount, host: string) =>
    ok(
      api('POST', '/api/wallets', {
        key: owner.apiKey,
        body: {
          id: uniqueWalletId(),
          name: `App ${host}`,
          accountId: owner.accountId,
          connectUrl: `https://${host}/connect`,
          assetTypes: [{ id: 'svc.nzd' }],
        },
      }),
    );

  it("lists another account's app only once the operator approves it, and its own account's at once", async () => {
    const [merchant, stranger] = await Promise.all([newMerchant(), newAccount()]);
    const strangerHost = `${uniqueKey('stranger')}.example.com`;
    const ownHost = `${uniqueKey('own')}.example.com`;
    const [theirs] = await Promise.all([walletApp(stranger, strangerHost), walletApp(merchant.owner, ownHost)]);
    const connection = await newConnection(merchant.owner.apiKey, merchant.merchantId);
    const page = async () => (await api('GET', new URL(connection.url).pathname)).body as string;

    expect(await page()).toContain(`href="https://${ownHost}/connect?connectionId=${connection.id}"`);
    expect(await page()).not.toContain(strangerHost);

    // Only the operator approves: the app's own key and any other are refused, nothing written.
    for (const key of [stranger.apiKey, merchant.owner.apiKey]) {
      const refused = await approve(theirs.id, true, key);
      expect(refused.body).toEqual(FORBIDDEN);
      expect(written(refused)).toEqual([]);
    }
    expect(await page()).not.toContain(strangerHost);

    const approved = await approve(theirs.id, true);
    expect(approved.body).toMatchObject({
      id: theirs.id,
      approvedAt: expect.any(String),
      approvedBy: expect.stringMatching(/^crn:/),
    });
    expect(await page()).toContain(`href="https://${strangerHost}/connect?connectionId=${connection.id}"`);

    const withdrawn = await approve(theirs.id, false);
    expect(withdrawn.body).not.toHaveProperty('approvedAt');
    expect(await page()).not.toContain(strangerHost);

    expect((await approve(`${uniqueWalletId()}-none`, true)).body).toEqual(FORBIDDEN);
  });

  it.each([
    ['connectUrl', 'https://127.0.0.1/connect'],
    ['connectUrl', 'https://[::1]/connect'],
    ['connectUrl', 'https://169.254.169.254/latest/meta-data'],
    ['connectUrl', 'https://[fe80::1]/connect'],
    ['connectUrl', 'https://10.1.2.3/connect'],
    ['connectUrl', 'https://localhost:8443/connect'],
    ['connectUrl', 'https://admin.localhost/connect'],
    ['payUrl', 'https://192.168.1.1/pay'],
  ])('refuses a wallet app whose %s is %s, writing nothing', async (field, url) => {
    const owner = await newAccount();
    const res = await api('POST', '/api/wallets', {
      key: owner.apiKey,
      body: {
        id: uniqueWalletId(),
        name: 'Sneaky',
        accountId: owner.accountId,
        [field]: url,
        assetTypes: [{ id: 'svc.nzd' }],
      },
    });
    expect(res.body).toEqual(refusal(`${field} must not point at a loopback, private or link-local address`, 400));
    expect(written(res)).toEqual([]);
  });
});
