import { api, newAccount } from '../support/api';

describe('local gateway under concurrent load', () => {
  it('answers 200 concurrent requests without a 5xx', async () => {
    const owner = await newAccount();
    const kinds = [
      () => api('GET', `/api/accounts/${owner.accountId}`, { key: owner.apiKey }),
      () => api('GET', `/api/accounts/${owner.accountId}/api-keys`, { key: owner.apiKey }),
      () => api('GET', '/api/openapi.json'),
      () => api('GET', `/api/accounts/${owner.accountId}`),
      () => api('POST', '/api/accounts', { key: owner.apiKey, body: { name: 'x' } }),
    ];
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => kinds[i % kinds.length]()));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(new Set(statuses)).toEqual(new Set([200, 401, 400]));
    expect((await api('GET', `/api/accounts/${owner.accountId}`, { key: owner.apiKey })).status).toBe(200);
  });
});
