import { issueApiKey } from '../../functions/accounts/api-key-store';
import type { Role } from '../../functions/core/auth/permissions';
import { api, FORBIDDEN, newAccount, seed, type TestAccount } from '../support/api';
import {
  balance,
  balances,
  newMerchant,
  newPayer,
  newPaymentRequest,
  nzd,
  pay,
  type MerchantSetup,
  type Payer,
} from '../support/payments';
import { joinByInvitation, newUser, verifyPhone, type TestUser } from '../support/users';
import { collectionManager, newCollection, newToken, ok, sendAsset, uniqueEmail, written } from '../support/value';

/**
 * Each test is an attack a hostile integrator made against the landed platform, written as the
 * attack: what went through then is refused now, and nothing moved or was written.
 */
const code = (message: string, statusCode = 403) => ({
  statusCode,
  error: statusCode === 400 ? 'Bad Request' : 'Forbidden',
  message,
});

async function keyOf(account: TestAccount, role: Role): Promise<string> {
  const key = await issueApiKey(
    { accountId: account.accountId, name: `attack-${role}-${Math.random().toString(36).slice(2, 8)}`, role },
    'crn::service:test',
    new Date(),
  );
  return key.secret;
}

let merchant: MerchantSetup;
let victim: Payer;
beforeAll(async () => {
  merchant = await newMerchant();
  victim = await newPayer('5000');
});

describe('a key without assets:spend cannot pay with its account’s wallet', () => {
  it.each(['cashier', 'anon-consumer', 'merchant-terminal'] as const)(
    '%s → FORBIDDEN, wallet untouched',
    async (role) => {
      const key = await keyOf(victim, role);
      const pr = await newPaymentRequest(merchant);
      const res = await api('POST', `/api/payment-requests/${pr.id}/pay`, {
        key,
        body: { assetType: 'svc.nzd.test', assetId: victim.walletId, idempotencyKey: `steal-${role}` },
      });
      expect(res.body).toEqual(FORBIDDEN);
      expect(await balance(victim.apiKey, victim.walletId)).toBe('5000');
      expect((await api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey })).body.status).toBe(
        'new',
      );
    },
  );

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

describe('attack 1: a key without assets:spend cannot move its account’s assets through asset transfers', () => {
  /** Shared through a claim page, as the attack sent it: any other account could claim it. */
  const shared = (assetId: string) => ({
    assetId,
    value: '3000',
    claimType: 'multi',
    valueConfig: { type: 'flat', params: { amount: '3000' } },
  });
  const send = (key: string, body: Record<string, unknown>) => api('POST', '/api/asset-transfers', { key, body });
  const cancel = (key: string, id: string) => api('POST', `/api/asset-transfers/${id}/cancel`, { key });
  const transfer = async (owner: Payer, id: string) =>
    (await api('GET', `/api/asset-transfers/${id}`, { key: owner.apiKey })).body;

  it(
    'an external-asset-provider key sending the account’s ' + 'wallet → FORBIDDEN, nothing written, balance unchanged',
    async () => {
      const owner = await newPayer('5000');
      const res = await send(await keyOf(owner, 'external-asset-provider'), shared(owner.walletId));
      expect({ body: res.body, written: written(res) }).toEqual({ body: FORBIDDEN, written: [] });
      expect(await balances(owner.apiKey, owner.walletId)).toEqual({ balance: '5000', available: '5000' });
      const sent = await api('GET', `/api/asset-transfers?senderAccountId=${owner.accountId}`, { key: owner.apiKey });
      expect(sent.body.items).toEqual([]);
    },
  );

  it('nor a token of the account', async () => {
    const [owner, issuer] = await Promise.all([newPayer('0'), collectionManager()]);
    const { id: collectionId } = await newCollection(issuer);
    const token = await newToken(issuer, collectionId, { accountId: owner.accountId });
    const res = await send(await keyOf(owner, 'external-asset-provider'), { assetId: token.id });
    expect({ body: res.body, written: written(res) }).toEqual({ body: FORBIDDEN, written: [] });
    // Unspent and unheld: its owner can still send it.
    expect((await send(owner.apiKey, { assetId: token.id })).status).toBe(200);
  });

  it('the same key cannot cancel the owner’s open transfer; the owner can', async () => {
    const owner = await newPayer('5000');
    const open = await send(owner.apiKey, shared(owner.walletId));
    expect(open.body.status).toBe('created');
    const res = await cancel(await keyOf(owner, 'external-asset-provider'), open.body.id);
    expect({ body: res.body, written: written(res) }).toEqual({ body: FORBIDDEN, written: [] });
    expect(await transfer(owner, open.body.id)).toMatchObject({ status: 'created', remainingValue: '3000' });
    expect(await balances(owner.apiKey, owner.walletId)).toEqual({ balance: '5000', available: '2000' });
    expect((await cancel(owner.apiKey, open.body.id)).body.status).toBe('cancelled');
    expect(await balances(owner.apiKey, owner.walletId)).toEqual({ balance: '5000', available: '5000' });
  });
});

describe('a signed-in user whose phone is not verified is no trusted user: spends and sends nothing', () => {
  it(
    'every route the `trusted-user` flag guards refuses ' + 'them until their phone is verified, then answers',
    async () => {
      const payer = await newPayer('5000');
      const user = await newUser();
      await joinByInvitation(payer, user, 'account-owner');
      const as = { token: user.token, account: payer.accountId };
      const pr = await newPaymentRequest(merchant, { value: nzd('100') });
      const legacyRequest = await ok(
        api('POST', '/payments/api/requests.create', {
          key: merchant.owner.apiKey,
          body: { merchantId: merchant.merchantId, amount: '200', asset: 'NZD' },
        }),
      );
      // Sent by the account's key: only its cancel is the user's.
      const sent = await ok(sendAsset(payer, { assetId: payer.walletId, value: '300', recipientAlias: uniqueEmail() }));
      const attempts = {
        pay: () =>
          api('POST', `/api/payment-requests/${pr.id}/pay`, {
            ...as,
            body: { assetType: 'svc.nzd.test', assetId: payer.walletId, idempotencyKey: 'untrusted' },
          }),
        legacyPay: () =>
          api('POST', '/payments/api/requests.pay', {
            ...as,
            body: { requestId: legacyRequest.requestId, ledger: 'svc.nzd.test', authorization: payer.walletId },
          }),
        send: () =>
          api('POST', '/api/asset-transfers', {
            ...as,
            body: { assetId: payer.walletId, value: '400', recipientAlias: uniqueEmail() },
          }),
        cancel: () => api('POST', `/api/asset-transfers/${sent.id}/cancel`, as),
      };
      const before = await balances(payer.apiKey, payer.walletId);
      for (const [name, attempt] of Object.entries(attempts)) {
        const res = await attempt();
        // The legacy API calls a refused spend INACTIVE_ASSET.
        expect({ name, status: res.status, message: res.body.message }).toEqual({
          name,
          status: 403,
          message: name === 'legacyPay' ? 'INACTIVE_ASSET' : 'FORBIDDEN',
        });
        expect(written(res)).toEqual([]);
      }
      expect(await balances(payer.apiKey, payer.walletId)).toEqual(before);
      // Still open: the refused cancel changed nothing (its email may have moved it from `created` to `sent`).
      expect(['created', 'sent']).toContain(
        (await api('GET', `/api/asset-transfers/${sent.id}`, { key: payer.apiKey })).body.status,
      );

      await verifyPhone(user.userId);
      for (const [name, attempt] of Object.entries(attempts))
        expect({ name, status: (await attempt()).status }).toEqual({ name, status: 200 });
      // Paid 100 and 200, sent 400; the cancelled 300 is spendable again.
      expect((await balances(payer.apiKey, payer.walletId)).available).toBe(
        String(BigInt(before.available) - 700n + 300n),
      );
    },
  );
});

describe('listing by external reference stays inside the caller’s account', () => {
  it('a foreign key naming another merchant account gets FORBIDDEN, like a missing account', async () => {
    const pr = await newPaymentRequest(merchant, { externalRef: 'secret-order' });
    const payer = await newPayer('5000');
    expect((await pay(payer, pr.id, 'ext-ref-pay')).status).toBe(200);
    const attacker = await newAccount();
    const path = (accountId: string) =>
      `/api/payment-requests/external-ref/secret-order?merchantAccountId=${accountId}`;
    const foreign = await api('GET', path(merchant.owner.accountId), { key: attacker.apiKey });
    const missing = await api('GET', path('zzNoSuchAccountzzzzzzz'), { key: attacker.apiKey });
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
    const before = (await api('GET', `/api/merchants/${fresh.merchantId}`, { key: fresh.owner.apiKey })).body
      .onboardingStatus;
    const created = await api('POST', '/api/payment-requests', {
      key: terminal,
      body: { configId: fresh.configId, value: nzd('1000') },
    });
    expect(created.body).toEqual(FORBIDDEN);
    const legacy = await api('POST', '/payments/api/requests.create', {
      key: terminal,
      body: { merchantId: fresh.merchantId, amount: 1000, asset: 'NZD' },
    });
    expect(legacy.status).toBe(403);
    expect(legacy.body.message).toBe('MERCHANT_CONFIGURATION_NOT_FOUND');
    expect(
      (await api('GET', `/api/merchants/${fresh.merchantId}`, { key: fresh.owner.apiKey })).body.onboardingStatus,
    ).toBe(before);
    expect(before).not.toBe('active');
  });

  it('a terminal of the merchant’s own account creates', async () => {
    const terminal = await keyOf(merchant.owner, 'merchant-terminal');
    const created = await api('POST', '/api/payment-requests', {
      key: terminal,
      body: { configId: merchant.configId, value: nzd('1000') },
    });
    expect(created.status).toBe(200);
  });
});

describe('who paid a request is the merchant’s and the payer’s to know', () => {
  it('a third party reading a paid request by id sees no payer account ids', async () => {
    const pr = await newPaymentRequest(merchant);
    const payer = await newPayer('5000');
    expect((await pay(payer, pr.id, 'private-pay')).status).toBe(200);
    const stranger = await newAccount();
    const seen = async (key: string) =>
      (await api('GET', `/api/payment-requests/${pr.id}`, { key })).body.paidBy.assetTotals;
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
      api('POST', `/api/payment-requests/${pr.id}/refund`, {
        key: merchant.owner.apiKey,
        body: { value: { currency, amount: '100' }, externalRef: 'r-1' },
      });
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
    const second = await api('POST', `/api/accounts/${account.accountId}/api-keys`, {
      key: account.apiKey,
      body: { name: 'second-owner', role: 'account-owner' },
    });
    expect(second.status).toBe(200);
    expect((await disable(account.apiKey, 'second-owner')).body.enabled).toBe(false);
    expect((await disable(seed().operatorApiKey, own)).body).toEqual(code('LAST_OWNER_NOT_REVOKABLE'));
    expect((await api('GET', `/api/accounts/${account.accountId}`, { key: account.apiKey })).status).toBe(200);
  });

  it('two concurrent disables of an account’s last two owner keys leave one enabled', async () => {
    const account = await newAccount();
    const other = await api('POST', `/api/accounts/${account.accountId}/api-keys`, {
      key: account.apiKey,
      body: { name: 'race-owner', role: 'account-owner' },
    });
    const names = (await api('GET', `/api/accounts/${account.accountId}/api-keys`, { key: account.apiKey })).body.map(
      (k: { name: string }) => k.name,
    );
    expect(other.status).toBe(200);
    await Promise.all(
      names.map((name: string) =>
        api('PUT', `/api/accounts/${account.accountId}/api-keys/${name}`, {
          key: seed().operatorApiKey,
          body: { enabled: false },
        }),
      ),
    );
    const after = await api('GET', `/api/accounts/${account.accountId}/api-keys`, { key: seed().operatorApiKey });
    expect(after.body.filter((k: { enabled: boolean }) => k.enabled)).toHaveLength(1);
  });
});

describe('a user cannot be put into accounts without consent, nor locked in', () => {
  // A merchant learns its payers' user ids from `createdBy` (crn::user:…) on activities and events.
  const memberships = async (user: TestUser) =>
    (await api('GET', '/api/account-memberships', { token: user.token })).body.map(
      (m: { accountId: string; role: string }) => [m.accountId, m.role],
    );

  it(
    'accounts owned by the victim and the victim added as a member are refused, writing nothing: the membership ' +
      'limit cannot be filled',
    async () => {
      const [attacker, victim] = await Promise.all([newAccount(), newUser()]);
      for (let i = 0; i < 5; i++) {
        const owned = await api('POST', '/api/accounts', {
          key: attacker.apiKey,
          body: { name: `Trap ${i}`, type: 'org', region: 'NZ', test: true, owner: victim.userId },
        });
        expect(owned.body).toEqual(code('INVITATION_REQUIRED'));
        expect(written(owned)).toEqual([]);
      }
      const child = (
        await api('POST', '/api/accounts', {
          key: attacker.apiKey,
          body: { name: 'Trap child', type: 'org', test: true },
        })
      ).body;
      for (const [accountId, role] of [
        [attacker.accountId, 'account-owner'],
        [child.id, 'account-owner'],
        [child.id, 'cashier'],
      ]) {
        const added = await api('POST', `/api/accounts/${accountId}/members`, {
          key: attacker.apiKey,
          body: { userId: victim.userId, role },
        });
        expect(added.body).toEqual(code('INVITATION_REQUIRED'));
        expect(written(added)).toEqual([]);
      }
      expect(await memberships(victim)).toEqual([[victim.individualAccountId, 'account-owner']]);
      // The victim can still be invited (by anyone, the attacker too) and accept.
      const shop = await newAccount();
      await joinByInvitation(shop, victim, 'cashier');
      expect(await memberships(victim)).toEqual([
        [victim.individualAccountId, 'account-owner'],
        [shop.accountId, 'cashier'],
      ]);
    },
  );

  it(
    'the victim leaves an account they were made last owner of by invitation, and anything they joined but did ' +
      'not create',
    async () => {
      const [attacker, victim] = await Promise.all([newAccount(), newUser()]);
      await joinByInvitation(attacker, victim, 'account-owner');
      // The attacker cannot keep them: revoking the last owner is refused, and so is demoting them ...
      expect(
        (
          await api('POST', `/api/accounts/${attacker.accountId}/members`, {
            key: attacker.apiKey,
            body: { userId: victim.userId, role: 'cashier' },
          })
        ).body,
      ).toEqual(code('LAST_OWNER_NOT_REVOKABLE'));
      // ... but the victim leaves on their own.
      const left = await api('DELETE', `/api/accounts/${attacker.accountId}/members/${victim.userId}`, {
        token: victim.token,
      });
      expect(left).toMatchObject({ status: 200, body: {} });
      expect(await memberships(victim)).toEqual([[victim.individualAccountId, 'account-owner']]);
      expect((await api('GET', `/api/accounts/${attacker.accountId}/members`, { key: attacker.apiKey })).body).toEqual(
        [],
      );
    },
  );
});
