import { api, newAccount, seed } from '../support/api';

describe('rate limiting', () => {
  it('answers 429 RATE_LIMIT_EXCEEDED with Retry-After once an account passes its limit', async () => {
    const owner = await newAccount();
    const set = await api('PUT', `/api/accounts/${owner.accountId}/rate-limit`, {
      key: seed().operatorApiKey,
      body: { rateLimitPerMinute: 5 },
    });
    expect(set.body.rateLimitPerMinute).toBe(5);
    const results = [];
    for (let i = 0; i < 8; i++) results.push(await api('GET', `/api/accounts/${owner.accountId}`, { key: owner.apiKey }));
    const statuses = results.map((r) => r.status);
    // The window is per minute: if it rolled over mid-test, a few more may pass; never fewer than 5.
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const limited = results.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0].body).toEqual({ statusCode: 429, error: 'Too Many Requests', message: 'RATE_LIMIT_EXCEEDED' });
    const retryAfter = Number(limited[0].headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another account is not affected.
    const other = await newAccount();
    expect((await api('GET', `/api/accounts/${other.accountId}`, { key: other.apiKey })).status).toBe(200);
  });

  it('lets only the operator change limits', async () => {
    const owner = await newAccount();
    const denied = await api('PUT', `/api/accounts/${owner.accountId}/rate-limit`, { key: owner.apiKey, body: { rateLimitPerMinute: 100000 } });
    expect(denied.status).toBe(403);
  });
});
