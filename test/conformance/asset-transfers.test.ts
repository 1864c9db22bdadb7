/** Docs page "Asset Transfers": src/content/api/asset-transfers.mdoc and its example exchanges. */
import { api, newAccount, type TestAccount } from '../support/api';
import { newMerchant, newPayer, type Payer } from '../support/payments';
import {
  claim,
  collectionManager,
  newCollection,
  newLoyaltyProgram,
  newToken,
  ok,
  sendAsset,
  uniqueEmail,
  verifyAlias,
} from '../support/value';
import { B, except, expectError, expectExchange, S, type ShapeObject } from './support';

const FREQUENCY = [{ type: S, params: { period: S, limit: S } }] as const;

const CREATED: ShapeObject = {
  id: S,
  status: S,
  value: S,
  assetId: S,
  assetType: S,
  assetCollectionId: S,
  description: S,
  message: S,
  senderName: S,
  createdAt: S,
  updatedAt: S,
  suppressNotifications: B,
  claimType: S,
  expiresAt: S,
  valueConfig: { type: S, params: { amount: S } },
  claimConditions: FREQUENCY,
  remainingValue: S,
  loyaltyProgramId: S,
};

const GOT: ShapeObject = {
  id: S,
  status: S,
  value: S,
  assetId: S,
  assetType: S,
  description: S,
  message: S,
  senderName: S,
  recipientAccountId: S,
  claimedByAccountId: S,
  recipientAlias: S,
  createdAt: S,
  updatedAt: S,
  suppressNotifications: B,
};

const SUMMARY: ShapeObject = {
  id: S,
  status: S,
  assetId: S,
  message: S,
  senderName: S,
  createdAt: S,
  url: S,
  assetCollectionId: S,
};

const CLAIMED: ShapeObject = {
  id: S,
  status: S,
  value: S,
  assetId: S,
  description: S,
  message: S,
  senderName: S,
  senderAccountId: S,
  recipientAccountId: S,
  claimedByAccountId: S,
  createdAt: S,
  updatedAt: S,
  suppressNotifications: B,
};

const LISTED: ShapeObject = { ...CLAIMED, recipientAlias: S };

const CANCELLED: ShapeObject = {
  id: S,
  status: S,
  assetId: S,
  value: S,
  description: S,
  message: S,
  senderName: S,
  senderAccountId: S,
  recipientAccountId: S,
  recipientAlias: S,
  createdAt: S,
  updatedAt: S,
  suppressNotifications: B,
};

/** Departures, each listed in docs/conformance.md. */
const SCRUBBED = {
  message:
    'docs/api/asset-transfers.md: after completion `recipientAlias`, `lastSentTo` and `message` are scrubbed ' +
    '(the alias is kept masked)',
} as const;
const MONEY = {
  assetCollectionId: 'a money wallet belongs to no token collection (a token transfer answers it: see the summary)',
} as const;

const HOUR = 3_600_000;
const phone = () => `+6421${Date.now().toString().slice(-7)}`;

let sender: Payer;
let issuer: TestAccount;
let collectionId: string;
beforeAll(async () => {
  [sender, issuer] = await Promise.all([newPayer('100000'), collectionManager()]);
  collectionId = (await newCollection(issuer)).id;
}, 30_000);

/** A token of the issuer's collection, in the sender's account. */
const token = async () => (await newToken(issuer, collectionId, { accountId: sender.accountId })).id;

describe('Asset Transfers: documented example exchanges', () => {
  it('POST /api/asset-transfers (money shared as multi claims, with a loyalty program)', async () => {
    const program = await newLoyaltyProgram(sender);
    const res = await sendAsset(sender, {
      assetId: sender.walletId,
      value: '1000',
      message: 'Happy birthday',
      senderName: 'My Cafe',
      claimType: 'multi',
      valueConfig: { type: 'flat', params: { amount: '100' } },
      claimConditions: [{ type: 'frequency', params: { period: 'lifetime', limit: '1' } }],
      expiresAt: new Date(Date.now() + 48 * HOUR).toISOString(),
      loyaltyProgramId: program.id,
    });
    expectExchange(res, except(CREATED, MONEY));
    expect({ status: res.body.status, remainingValue: res.body.remainingValue }).toEqual({
      status: 'created',
      remainingValue: '1000',
    });
  });

  it('GET /api/asset-transfers/{assetTransferId} (a transfer completed to a verified alias)', async () => {
    const alias = phone();
    const recipient = await newAccount();
    await verifyAlias(recipient.accountId, alias);
    const sent = await ok(
      sendAsset(sender, {
        assetId: sender.walletId,
        value: '6000',
        recipientAlias: alias,
        message: 'Happy birthday',
        senderName: 'My Cafe',
      }),
    );
    const res = await api('GET', `/api/asset-transfers/${sent.id}`, { key: sender.apiKey });
    expectExchange(res, except(GOT, SCRUBBED));
    expect(res.body.status).toBe('claimed');
  });

  it('GET /api/asset-transfers/{assetTransferId}/summary (no key)', async () => {
    const sent = await ok(
      sendAsset(sender, { assetId: await token(), message: 'Happy birthday', senderName: 'My Cafe' }),
    );
    expectExchange(await api('GET', `/api/asset-transfers/${sent.id}/summary`), SUMMARY);
  });

  it('POST /api/asset-transfers/{assetTransferId}/claim', async () => {
    const sent = await ok(
      sendAsset(sender, { assetId: await token(), message: 'Happy birthday', senderName: 'My Cafe' }),
    );
    const res = await claim(await newAccount(), sent.id);
    expectExchange(res, except(CLAIMED, SCRUBBED));
    expect(res.body.status).toBe('claimed');
  });

  it('POST /api/me/resolve-claimable-assets', async () => {
    const alias = uniqueEmail();
    await ok(sendAsset(sender, { assetId: sender.walletId, value: '100', recipientAlias: alias }));
    const newcomer = await newAccount();
    await verifyAlias(newcomer.accountId, alias);
    expectExchange(await api('POST', '/api/me/resolve-claimable-assets', { key: newcomer.apiKey }), {});
  });

  it('GET /api/asset-transfers?recipientAccountId=…', async () => {
    const alias = phone();
    const recipient = await newAccount();
    await verifyAlias(recipient.accountId, alias);
    await ok(
      sendAsset(sender, {
        assetId: sender.walletId,
        value: '6000',
        recipientAlias: alias,
        message: 'Happy birthday',
        senderName: 'My Cafe',
        description: '$60 Giftcard',
      }),
    );
    const res = await api('GET', `/api/asset-transfers?recipientAccountId=${recipient.accountId}`, {
      key: recipient.apiKey,
    });
    expectExchange(res, { items: [except(LISTED, SCRUBBED)] });
  });

  it('POST /api/asset-transfers/{assetTransferId}/cancel', async () => {
    const sent = await ok(
      sendAsset(sender, {
        assetId: sender.walletId,
        value: '6000',
        recipientAlias: phone(),
        message: 'Happy birthday',
        senderName: 'My Cafe',
        description: '$60 Giftcard',
      }),
    );
    const res = await api('POST', `/api/asset-transfers/${sent.id}/cancel`, { key: sender.apiKey });
    expectExchange(
      res,
      except(CANCELLED, {
        ...SCRUBBED,
        recipientAccountId:
          'a transfer cancelled before any account claimed it has no recipient account (the example names one)',
      }),
    );
    expect(res.body.status).toBe('cancelled');
  });
});

describe('Asset Transfers: documented errors', () => {
  describe('POST /api/asset-transfers', () => {
    it('more than the wallet holds: 403 INSUFFICIENT_WALLET_BALANCE', async () => {
      expectError(
        await sendAsset(sender, { assetId: sender.walletId, value: '999999999', recipientAlias: uniqueEmail() }),
        403,
        'INSUFFICIENT_WALLET_BALANCE',
      );
    });
    it('a token already held by an open transfer: 403 ASSET_NOT_ACTIVE', async () => {
      const held = await token();
      await ok(sendAsset(sender, { assetId: held }));
      expectError(await sendAsset(sender, { assetId: held }), 403, 'ASSET_NOT_ACTIVE');
    });
    it('money to no one: 403 RECIPIENT_MISSING', async () => {
      expectError(await sendAsset(sender, { assetId: sender.walletId, value: '100' }), 403, 'RECIPIENT_MISSING');
    });
    it('a settlement wallet: 403 INVALID_ASSET_TYPE', async () => {
      const merchant = await newMerchant();
      expectError(
        await sendAsset(merchant.owner, {
          assetId: merchant.settlementWalletId,
          value: '1',
          recipientAlias: uniqueEmail(),
        }),
        403,
        'INVALID_ASSET_TYPE',
      );
    });
    it('a loyalty program that does not exist: 403 LOYALTY_PROGRAM_NOT_FOUND', async () => {
      expectError(
        await sendAsset(sender, {
          assetId: sender.walletId,
          value: '100',
          recipientAlias: uniqueEmail(),
          loyaltyProgramId: 'WRhAxxWpTKb5U7pXyxQjjY',
        }),
        403,
        'LOYALTY_PROGRAM_NOT_FOUND',
      );
    });
  });

  describe('POST /api/asset-transfers/{assetTransferId}/claim', () => {
    it('a transfer with a recipient: 403 ASSET_TRANSFER_INVALID_RECIPIENT', async () => {
      const sent = await ok(
        sendAsset(sender, { assetId: sender.walletId, value: '10', recipientAlias: uniqueEmail() }),
      );
      expectError(await claim(await newAccount(), sent.id), 403, 'ASSET_TRANSFER_INVALID_RECIPIENT');
    });
    it('a transfer already claimed: 403 ASSET_TRANSFER_INVALID_STATUS', async () => {
      const sent = await ok(sendAsset(sender, { assetId: await token() }));
      await ok(claim(await newAccount(), sent.id));
      expectError(await claim(await newAccount(), sent.id), 403, 'ASSET_TRANSFER_INVALID_STATUS');
    });
    it('a second claim past its frequency limit: 403 ASSET_TRANSFER_CLAIM_CONDITIONS_NOT_MET', async () => {
      const sent = await ok(
        sendAsset(sender, {
          assetId: sender.walletId,
          value: '300',
          claimType: 'multi',
          valueConfig: { type: 'flat', params: { amount: '100' } },
          claimConditions: [{ type: 'frequency', params: { period: 'lifetime', limit: '1' } }],
        }),
      );
      const claimant = await newAccount();
      await ok(claim(claimant, sent.id));
      expectError(await claim(claimant, sent.id), 403, 'ASSET_TRANSFER_CLAIM_CONDITIONS_NOT_MET');
    });
  });

  it(
    'POST /api/asset-transfers/{assetTransferId}/cancel of a cancelled transfer: 403 ' +
      'INVALID_ASSET_TRANSFER_STATUS',
    async () => {
      const sent = await ok(
        sendAsset(sender, { assetId: sender.walletId, value: '10', recipientAlias: uniqueEmail() }),
      );
      await ok(api('POST', `/api/asset-transfers/${sent.id}/cancel`, { key: sender.apiKey }));
      expectError(
        await api('POST', `/api/asset-transfers/${sent.id}/cancel`, { key: sender.apiKey }),
        403,
        'INVALID_ASSET_TRANSFER_STATUS',
      );
    },
  );
});
