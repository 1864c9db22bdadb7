import { api, newAccount, seed, type TestAccount } from './api';

/**
 * A test merchant with a config accepting svc.nzd.test (its settlement wallet made by the platform), of a new account
 * unless given its owner.
 */
export interface MerchantSetup {
  owner: TestAccount;
  merchantId: string;
  configId: string;
  settlementWalletId: string;
}

export async function newMerchant(
  options: { allowedRedirectUrls?: string[]; owner?: TestAccount } = {},
): Promise<MerchantSetup> {
  const { owner = await newAccount(), ...configFields } = options;
  const merchant = await api('POST', '/api/merchants', {
    key: owner.apiKey,
    body: { accountId: owner.accountId, name: 'Test Cafe', country: 'NZ', test: true },
  });
  if (merchant.status !== 200) throw new Error(`merchant: ${JSON.stringify(merchant.body)}`);
  const config = await api('POST', `/api/merchants/${merchant.body.id}/configs`, {
    key: owner.apiKey,
    body: { paymentOptions: [{ type: 'svc.nzd.test' }], ...configFields },
  });
  if (config.status !== 200) throw new Error(`config: ${JSON.stringify(config.body)}`);
  return {
    owner,
    merchantId: merchant.body.id,
    configId: config.body.id,
    settlementWalletId: config.body.paymentOptions[0].walletId,
  };
}

export interface Payer extends TestAccount {
  walletId: string;
}

/** An account with a svc.nzd.test wallet funded with `amount` of test money. */
export async function newPayer(amount: string, options: { type?: 'org' | 'individual' } = {}): Promise<Payer> {
  const account = await newAccount(options);
  return { ...account, walletId: await newFundedWallet(account, amount) };
}

/**
 * A new svc.nzd.test wallet of the account (not a settlement wallet) funded with `amount` of test money: a payer's, or
 * the one a loyalty program's owner funds its promotions' rewards from.
 */
export async function newFundedWallet(account: TestAccount, amount: string): Promise<string> {
  const wallet = await api('POST', '/api/wallet-assets', {
    key: account.apiKey,
    body: { accountId: account.accountId, ledgerId: 'svc.nzd.test' },
  });
  if (wallet.status !== 200) throw new Error(`wallet: ${JSON.stringify(wallet.body)}`);
  if (amount !== '0') {
    const topup = await api('POST', `/api/wallet-assets/${wallet.body.id}/test-topups`, {
      key: account.apiKey,
      body: { value: { currency: 'NZD', amount }, idempotencyKey: `fund-${wallet.body.id}` },
    });
    if (topup.status !== 200) throw new Error(`topup: ${JSON.stringify(topup.body)}`);
  }
  return wallet.body.id;
}

export async function balance(key: string, assetId: string): Promise<string> {
  return (await balances(key, assetId)).balance;
}

/** `balance` and `availableBalance` (balance less what pending transfers reserve). */
export async function balances(key: string, assetId: string): Promise<{ balance: string; available: string }> {
  const res = await api('GET', `/api/assets/${assetId}`, { key });
  if (res.status !== 200) throw new Error(`asset: ${JSON.stringify(res.body)}`);
  return { balance: res.body.balance, available: res.body.availableBalance };
}

export const nzd = (amount: string) => ({ currency: 'NZD', amount });

export async function newPaymentRequest(merchant: MerchantSetup, body: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/payment-requests', {
    key: merchant.owner.apiKey,
    body: { configId: merchant.configId, value: nzd('1000'), ...body },
  });
  if (res.status !== 200) throw new Error(`payment request: ${JSON.stringify(res.body)}`);
  return res.body;
}

export const pay = (
  payer: Payer,
  paymentRequestId: string,
  idempotencyKey: string,
  extra: Record<string, unknown> = {},
) =>
  api('POST', `/api/payment-requests/${paymentRequestId}/pay`, {
    key: payer.apiKey,
    body: { assetType: 'svc.nzd.test', assetId: payer.walletId, idempotencyKey, ...extra },
  });

/** Sets an account's monthly svc.nzd.test spend limit (the operator's call), so a test can pass it. */
export async function limitSpend(accountId: string, monthly: string): Promise<void> {
  const res = await api('PUT', `/api/accounts/${accountId}/quota-limits`, {
    key: seed().operatorApiKey,
    body: { limits: [{ type: 'spend', period: 'monthly', assetType: 'svc.nzd.test', limit: monthly }] },
  });
  if (res.status !== 200) throw new Error(`quota limits: ${JSON.stringify(res.body)}`);
}
