/** Docs page "API Keys": src/content/api/api-keys.mdoc and its example exchanges. */
import { api, newAccount, type TestAccount } from '../support/api';
import { B, expectExchange, S, type ShapeObject } from './support';

const API_KEY: ShapeObject = {
  accountId: S,
  name: S,
  createdAt: S,
  createdBy: S,
  modifiedAt: S,
  modifiedBy: S,
  enabled: B,
  version: S,
  role: S,
};

describe('API Keys: documented example exchanges', () => {
  let owner: TestAccount;
  beforeAll(async () => {
    owner = await newAccount();
  });

  it('POST /api/accounts/{accountId}/api-keys: the secret is returned only here', async () => {
    const res = await api('POST', `/api/accounts/${owner.accountId}/api-keys`, {
      key: owner.apiKey,
      body: { name: 'MyAPIkey', role: 'merchant-terminal' },
    });
    expectExchange(res, { ...API_KEY, secret: S });
  });

  it('GET /api/accounts/{accountId}/api-keys: a bare array, one key disabled', async () => {
    const other = await api('POST', `/api/accounts/${owner.accountId}/api-keys`, {
      key: owner.apiKey,
      body: { name: 'MyOtherAPIkey', role: 'merchant-terminal' },
    });
    expect(other.status).toBe(200);
    expect(
      (
        await api('PUT', `/api/accounts/${owner.accountId}/api-keys/MyOtherAPIkey`, {
          key: owner.apiKey,
          body: { enabled: false },
        })
      ).status,
    ).toBe(200);
    const res = await api('GET', `/api/accounts/${owner.accountId}/api-keys`, { key: owner.apiKey });
    expectExchange(res, [API_KEY]);
    expect(res.body.some((k: { secret?: string }) => 'secret' in k)).toBe(false);
    expect(res.body.find((k: { name: string }) => k.name === 'MyOtherAPIkey').enabled).toBe(false);
  });

  it('PUT /api/accounts/{accountId}/api-keys/{apiKeyName}', async () => {
    const res = await api('PUT', `/api/accounts/${owner.accountId}/api-keys/MyAPIkey`, {
      key: owner.apiKey,
      body: { enabled: false },
    });
    expectExchange(res, API_KEY);
    expect(res.body).toMatchObject({ enabled: false, version: '2' });
  });
});
