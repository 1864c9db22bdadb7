import { ScanCommand } from '../../functions/core/db/document';
import { db } from '../../functions/core/db/client';
import { api, FORBIDDEN, newAccount } from '../support/api';
import { balance, newMerchant, newPayer, newPaymentRequest, nzd } from '../support/payments';
import { joinByInvitation, newUser, verifyPhone } from '../support/users';
import { written } from '../support/value';

describe('API keys', () => {
  it('shows the secret once, stores only its hash, and the new key works', async () => {
    const owner = await newAccount();
    const created = await api('POST', `/api/accounts/${owner.accountId}/api-keys`, {
      key: owner.apiKey,
      body: { name: 'till-1', role: 'merchant-terminal' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ name: 'till-1', role: 'merchant-terminal', enabled: true, version: '1' });
    expect(created.body.secret).toMatch(/^[1-9A-HJ-NP-Za-km-z]{43}$/);
    expect(created.body.createdBy).toMatch(new RegExp(`^crn:${owner.accountId}:api-key:`));

    const list = await api('GET', `/api/accounts/${owner.accountId}/api-keys`, { key: owner.apiKey });
    expect(list.status).toBe(200);
    expect(list.body.map((k: { name: string }) => k.name)).toContain('till-1');
    expect(JSON.stringify(list.body)).not.toContain(created.body.secret);

    // Test-only look at storage: no item anywhere holds the secret itself.
    const scan = await db().send(new ScanCommand({ TableName: process.env.TABLE_NAME }));
    expect(JSON.stringify(scan.Items)).not.toContain(created.body.secret);

    const asTerminal = await api('GET', `/api/accounts/${owner.accountId}`, { key: created.body.secret });
    expect(asTerminal.status).toBe(403); // merchant-terminal holds no accounts:read
    expect(asTerminal.body).toEqual(FORBIDDEN);
  });

  it('rejects a duplicate name and bad roles', async () => {
    const owner = await newAccount();
    const body = { name: 'dup', role: 'account-owner' };
    expect((await api('POST', `/api/accounts/${owner.accountId}/api-keys`, { key: owner.apiKey, body })).status).toBe(
      200,
    );
    const again = await api('POST', `/api/accounts/${owner.accountId}/api-keys`, { key: owner.apiKey, body });
    expect(again.body).toEqual({ ...FORBIDDEN, message: 'API_KEY_ALREADY_EXISTS' });
    const operatorRole = await api('POST', `/api/accounts/${owner.accountId}/api-keys`, {
      key: owner.apiKey,
      body: { name: 'root', role: 'platform-operator' },
    });
    expect(operatorRole.status).toBe(400);
    expect(operatorRole.body.message).toBe('role must be one of: account-owner, merchant-terminal');
    const badName = await api('POST', `/api/accounts/${owner.accountId}/api-keys`, {
      key: owner.apiKey,
      body: { name: 'has space', role: 'account-owner' },
    });
    expect(badName.body.message).toBe('name has an invalid format');
  });

  it('disables and re-enables a key', async () => {
    const owner = await newAccount();
    const created = await api('POST', `/api/accounts/${owner.accountId}/api-keys`, {
      key: owner.apiKey,
      body: { name: 'second', role: 'account-owner' },
    });
    const secret = created.body.secret as string;
    expect((await api('GET', `/api/accounts/${owner.accountId}`, { key: secret })).status).toBe(200);

    const disabled = await api('PUT', `/api/accounts/${owner.accountId}/api-keys/second`, {
      key: owner.apiKey,
      body: { enabled: false },
    });
    expect(disabled.body).toMatchObject({ name: 'second', enabled: false, version: '2' });
    expect(disabled.body.secret).toBeUndefined();
    const refused = await api('GET', `/api/accounts/${owner.accountId}`, { key: secret });
    expect(refused.status).toBe(401);

    await api('PUT', `/api/accounts/${owner.accountId}/api-keys/second`, {
      key: owner.apiKey,
      body: { enabled: true },
    });
    expect((await api('GET', `/api/accounts/${owner.accountId}`, { key: secret })).status).toBe(200);

    const missing = await api('PUT', `/api/accounts/${owner.accountId}/api-keys/nope`, {
      key: owner.apiKey,
      body: { enabled: false },
    });
    expect(missing.body).toEqual(FORBIDDEN);
  });

  it("never lets one account touch another account's keys", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const list = await api('GET', `/api/accounts/${b.accountId}/api-keys`, { key: a.apiKey });
    expect(list.body).toEqual(FORBIDDEN);
    const create = await api('POST', `/api/accounts/${b.accountId}/api-keys`, {
      key: a.apiKey,
      body: { name: 'x', role: 'account-owner' },
    });
    expect(create.body).toEqual(FORBIDDEN);
    const keys = await api('GET', `/api/accounts/${b.accountId}/api-keys`, { key: b.apiKey });
    expect(keys.body.map((k: { name: string }) => k.name)).not.toContain('x');
  });
});

describe('a key made by a caller that is not a trusted user', () => {
  it('is made, but spends nothing, nor does a key it makes; a key made once the phone is verified does', async () => {
    const [payer, merchant, user] = await Promise.all([newPayer('5000'), newMerchant(), newUser()]);
    await joinByInvitation(payer, user, 'account-owner');
    const mint = async (as: { token: string; account: string } | { key: string }, name: string) => {
      const made = await api('POST', `/api/accounts/${payer.accountId}/api-keys`, {
        ...as,
        body: { name, role: 'account-owner' },
      });
      expect(made.status).toBe(200);
      return made.body.secret as string;
    };
    const payWith = async (key: string, idempotencyKey: string) => {
      const pr = await newPaymentRequest(merchant, { value: nzd('100') });
      return api('POST', `/api/payment-requests/${pr.id}/pay`, {
        key,
        body: { assetType: 'svc.nzd.test', assetId: payer.walletId, idempotencyKey },
      });
    };
    // The user's phone is not verified: the key it makes (the matrix lets an owner make one) may spend nothing.
    const untrusted = await mint({ token: user.token, account: payer.accountId }, 'made-untrusted');
    const refused = await payWith(untrusted, 'by-untrusted');
    expect({ body: refused.body, written: written(refused) }).toEqual({ body: FORBIDDEN, written: [] });
    const heir = await mint({ key: untrusted }, 'made-by-untrusted');
    expect((await payWith(heir, 'by-heir')).body).toEqual(FORBIDDEN);
    // It does what needs no trust: its account's keys are listed to it.
    expect((await api('GET', `/api/accounts/${payer.accountId}/api-keys`, { key: untrusted })).status).toBe(200);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('5000');

    await verifyPhone(user.userId);
    const trusted = await mint({ token: user.token, account: payer.accountId }, 'made-trusted');
    expect((await payWith(trusted, 'by-trusted')).status).toBe(200);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('4900');
  });
});
