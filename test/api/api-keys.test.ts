import { ScanCommand } from '../../functions/core/db/document';
import { db } from '../../functions/core/db/client';
import { api, FORBIDDEN, newAccount } from '../support/api';

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
