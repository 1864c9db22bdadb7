import { issueApiKey } from '../../functions/accounts/api-key-store';
import type { Role } from '../../functions/core/auth/permissions';
import { api, FORBIDDEN, newAccount, seed, type TestAccount } from '../support/api';
import { balance, newMerchant, newPayer, newPaymentRequest, nzd, pay, type MerchantSetup, type Payer } from '../support/payments';

/**
 * Each test is an attack a hostile integrator made against the landed platform, written as the
 * attack: what went through then is refused now, and nothing moved or was written.
 */
const code = (message: string, statusCode = 403) => ({ statusCode, error: statusCode === 400 ? 'Bad Request' : 'Forbidden', message });

async function keyOf(account: TestAccount, role: Role): Promise<string> {
  const key = await issueApiKey({ accountId: account.accountId, name: `attack-${role}-${Math.random().toString(36).slice(2, 8)}`, role }, 'crn::service:test', new Date());
  return key.secret;
}

let merchant: MerchantSetup;
let victim: Payer;
beforeAll(async () => {
  merchant = await newMerchant();
  victim = await newPayer('5000');
});

describe('a key without assets:spend cannot pay with its account’s wallet', () => {
  it.each(['cashier', 'anon-consumer', 'merchant-terminal'] as const)('%s → FORBIDDEN, wallet untouched', async (role) => {
    const key = await keyOf(victim, role);
    const pr = await newPaymentRequest(merchant);
    const res = await api('POST', `/api/payment-requests/${pr.id}/pay`, {
      key,
      body: { assetType: 'svc.nzd.test', assetId: victim.walletId, idempotencyKey: `steal-${role}` },
    });
    expect(res.body).toEqual(FORBIDDEN);
    expect(await balance(victim.apiKey, victim.walletId)).toBe('5000');
    expect((await api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey })).body.status).toBe('new');
  });

  it('legacy requests.pay by a cashier is refused the same way (INACTIVE_ASSET in the legacy API)', async () => {
    const key = await keyOf(victim, 'cashier');
    const created = await api('POST', '/payments/api/requests.create', {
      key: merchant.owner.apiKey,
      body: { merchantId: merchant.merchantId, amount: 1000, asset: 'NZD' },
    });
    expect(created.status).toBe(200);
    const res = await api('POST', '/payments/api/requests.pay', {
      key,
      body: { requestId: created.body.requestId, ledger: 'svc.nzd.test', authorization: victim.walletId },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('INACTIVE_ASSET');
    expect(await balance(victim.apiKey, victim.walletId)).toBe('5000');
  });

  it('the account owner still pays with its own wallet', async () => {
    const pr = await newPaymentRequest(merchant, { value: nzd('100') });
    expect((await pay(victim, pr.id, 'own-pay')).status).toBe(200);
    expect(await balance(victim.apiKey, victim.walletId)).toBe('4900');
  });
});

describe('listing by external reference stays inside the caller’s account', () => {
  it('a foreign key naming another merchant account gets FORBIDDEN, like a missing account', async () => {
    const pr = await newPaymentRequest(merchant, { externalRef: 'secret-order' });
    const payer = await newPayer('5000');
    expect((await pay(payer, pr.id, 'ext-ref-pay')).status).toBe(200);
    const attacker = await newAccount();
    const path = (accountId: string) => `/api/payment-requests/external-ref/secret-order?merchantAccountId=${accountId}`;
    const foreign = await api('GET', path(merchant.owner.accountId), { key: attacker.apiKey });
    const missing = await api('GET', path('zzNoSuchResourcezzzzzz'), { key: attacker.apiKey });
    expect(foreign.body).toEqual(FORBIDDEN);
    expect(missing.body).toEqual(foreign.body);
    const own = await api('GET', path(merchant.owner.accountId), { key: merchant.owner.apiKey });
    expect(own.body.items.map((r: { id: string }) => r.id)).toEqual([pr.id]);
  });
});

describe('a merchant terminal serves only merchants that let it', () => {
  it('a foreign terminal cannot create on another account’s config, nor flip its onboarding status', async () => {
    const fresh = await newMerchant();
    const attacker = await newAccount();
    const terminal = await keyOf(attacker, 'merchant-terminal');
    const before = (await api('GET', `/api/merchants/${fresh.merchantId}`, { key: fresh.owner.apiKey })).body.onboardingStatus;
    const created = await api('POST', '/api/payment-requests', { key: terminal, body: { configId: fresh.configId, value: nzd('1000') } });
    expect(created.body).toEqual(FORBIDDEN);
    const legacy = await api('POST', '/payments/api/requests.create', { key: terminal, body: { merchantId: fresh.merchantId, amount: 1000, asset: 'NZD' } });
    expect(legacy.status).toBe(403);
    expect(legacy.body.message).toBe('MERCHANT_CONFIGURATION_NOT_FOUND');
    expect((await api('GET', `/api/merchants/${fresh.merchantId}`, { key: fresh.owner.apiKey })).body.onboardingStatus).toBe(before);
    expect(before).not.toBe('active');
  });

  it('a terminal of the merchant’s own account creates', async () => {
    const terminal = await keyOf(merchant.owner, 'merchant-terminal');
    const created = await api('POST', '/api/payment-requests', { key: terminal, body: { configId: merchant.configId, value: nzd('1000') } });
    expect(created.status).toBe(200);
  });
});

describe('who paid a request is the merchant’s and the payer’s to know', () => {
  it('a third party reading a paid request by id sees no payer account ids', async () => {
    const pr = await newPaymentRequest(merchant);
    const payer = await newPayer('5000');
    expect((await pay(payer, pr.id, 'private-pay')).status).toBe(200);
    const stranger = await newAccount();
    const seen = async (key: string) => (await api('GET', `/api/payment-requests/${pr.id}`, { key })).body.paidBy.assetTotals;
    expect((await seen(stranger.apiKey))[0]).not.toHaveProperty('payerAccountId');
    expect((await seen(payer.apiKey))[0].payerAccountId).toBe(payer.accountId);
    expect((await seen(merchant.owner.apiKey))[0].payerAccountId).toBe(payer.accountId);
  });
});

describe('a refund reference cannot be replayed as another command', () => {
  it('the same externalRef naming another currency is refused (REPEAT_REFERENCE)', async () => {
    const pr = await newPaymentRequest(merchant);
    const payer = await newPayer('5000');
    expect((await pay(payer, pr.id, 'refund-replay')).status).toBe(200);
    const refund = (currency: string) =>
      api('POST', `/api/payment-requests/${pr.id}/refund`, { key: merchant.owner.apiKey, body: { value: { currency, amount: '100' }, externalRef: 'r-1' } });
    expect((await refund('NZD')).status).toBe(200);
    expect((await refund('AUD')).body).toEqual(code('REPEAT_REFERENCE'));
    expect(await balance(payer.apiKey, payer.walletId)).toBe('4100');
  });
});

describe('an account cannot be locked out of its own keys', () => {
  it('a key cannot disable itself, and the last enabled owner key cannot be disabled', async () => {
    const account = await newAccount();
    const keys = await api('GET', `/api/accounts/${account.accountId}/api-keys`, { key: account.apiKey });
    const [own] = keys.body.map((k: { name: string }) => k.name);
    const disable = (key: string, name: string) =>
      api('PUT', `/api/accounts/${account.accountId}/api-keys/${name}`, { key, body: { enabled: false } });
    expect((await disable(account.apiKey, own)).body).toEqual(code('API_KEY_SELF_DISABLE'));
    expect((await disable(seed().operatorApiKey, own)).body).toEqual(code('LAST_OWNER_NOT_REVOKABLE'));
    const second = await api('POST', `/api/accounts/${account.accountId}/api-keys`, { key: account.apiKey, body: { name: 'second-owner', role: 'account-owner' } });
    expect(second.status).toBe(200);
    expect((await disable(account.apiKey, 'second-owner')).body.enabled).toBe(false);
    expect((await disable(seed().operatorApiKey, own)).body).toEqual(code('LAST_OWNER_NOT_REVOKABLE'));
    expect((await api('GET', `/api/accounts/${account.accountId}`, { key: account.apiKey })).status).toBe(200);
  });

  it('two concurrent disables of an account’s last two owner keys leave one enabled', async () => {
    const account = await newAccount();
    const other = await api('POST', `/api/accounts/${account.accountId}/api-keys`, { key: account.apiKey, body: { name: 'race-owner', role: 'account-owner' } });
    const names = (await api('GET', `/api/accounts/${account.accountId}/api-keys`, { key: account.apiKey })).body.map((k: { name: string }) => k.name);
    expect(other.status).toBe(200);
    await Promise.all(
      names.map((name: string) => api('PUT', `/api/accounts/${account.accountId}/api-keys/${name}`, { key: seed().operatorApiKey, body: { enabled: false } })),
    );
    const after = await api('GET', `/api/accounts/${account.accountId}/api-keys`, { key: seed().operatorApiKey });
    expect(after.body.filter((k: { enabled: boolean }) => k.enabled)).toHaveLength(1);
  });
});
