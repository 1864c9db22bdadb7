import { setAssetStatus } from '../../functions/core/ledger/transfers';
import { MAX_WALLETS_PER_LEDGER } from '../../functions/wallet-assets/asset-store';
import { api, newAccount } from '../support/api';
import { advanceClock, DAY } from '../support/clock';
import {
  balance,
  balances,
  newMerchant,
  newPayer,
  newPaymentRequest,
  nzd,
  pay,
  type MerchantSetup,
} from '../support/payments';

/** The rarer documented codes of the payment flows, each reached through the public API. */
let merchant: MerchantSetup;
beforeAll(async () => {
  merchant = await newMerchant();
});

const post = (path: string, body?: unknown) =>
  api('POST', path, { key: merchant.owner.apiKey, ...(body ? { body } : {}) });

describe('refund window', () => {
  it('refuses a refund once the last payment is older than the window, and moves no money', async () => {
    const windowed = await newMerchant();
    const payer = await newPayer('5000');
    const pr = await newPaymentRequest(windowed, { value: nzd('1000') });
    expect((await pay(payer, pr.id, 'pay')).status).toBe(200);
    // Payments are what the window counts from: the merchant's test clock moves 91 days on.
    await advanceClock(windowed.owner.accountId, 91 * DAY);
    const refused = await api('POST', `/api/payment-requests/${pr.id}/refund`, {
      key: windowed.owner.apiKey,
      body: { value: nzd('100'), externalRef: 'late' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('REFUND_WINDOW_EXCEEDED');
    expect(await balance(payer.apiKey, payer.walletId)).toBe('4000');
  });
});

describe('pre-auth refunds', () => {
  it('has nothing to refund before the first confirmation (CONFIRMATION_NOT_FOUND)', async () => {
    const payer = await newPayer('5000');
    const pr = await newPaymentRequest(merchant, { value: nzd('2000'), preAuth: true });
    expect((await pay(payer, pr.id, 'auth')).status).toBe(200);
    const refused = await post(`/api/payment-requests/${pr.id}/refund`, {
      value: nzd('100'),
      externalRef: 'too-early',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('CONFIRMATION_NOT_FOUND');
    expect(await balances(payer.apiKey, payer.walletId)).toEqual({ balance: '5000', available: '3000' });
  });
});

describe('merchant settlement wallet not active', () => {
  it('refuses payment with INVALID_MERCHANT_CONFIG and debits nobody', async () => {
    const other = await newMerchant();
    const payer = await newPayer('5000');
    const pr = await newPaymentRequest(other, { value: nzd('700') });
    await setAssetStatus(other.settlementWalletId, 'archived');
    const refused = await pay(payer, pr.id, 'pay');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('INVALID_MERCHANT_CONFIG');
    expect(await balance(payer.apiKey, payer.walletId)).toBe('5000');
    expect((await api('GET', `/api/payment-requests/${pr.id}`, { key: other.owner.apiKey })).body.status).toBe('new');
  });
});

describe('wallets per ledger', () => {
  const walletLimit = [
    `allows ${MAX_WALLETS_PER_LEDGER} wallets of one ledger per account,`,
    'then ACCOUNT_MAX_WALLETS_REACHED',
  ].join(' ');
  it(walletLimit, async () => {
    const account = await newAccount();
    const create = () =>
      api('POST', '/api/wallet-assets', {
        key: account.apiKey,
        body: { accountId: account.accountId, ledgerId: 'svc.nzd.test' },
      });
    for (let i = 0; i < MAX_WALLETS_PER_LEDGER; i++) expect((await create()).status).toBe(200);
    const refused = await create();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('ACCOUNT_MAX_WALLETS_REACHED');
    const listed = await api('GET', '/api/wallet-assets', { key: account.apiKey });
    expect(listed.body.filter((w: { type: string }) => w.type === 'svc.nzd.test')).toHaveLength(MAX_WALLETS_PER_LEDGER);
  });
});
