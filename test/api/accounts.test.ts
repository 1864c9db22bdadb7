import { api, FORBIDDEN, newAccount, seed, type Json } from '../support/api';
import { newUser, type TestUser } from '../support/users';
import { written } from '../support/value';

describe('accounts', () => {
  it('reads its own account with its key', async () => {
    const owner = await newAccount();
    const res = await api('GET', `/api/accounts/${owner.accountId}`, { key: owner.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: owner.accountId, type: 'org', region: 'NZ', test: true, version: '1' });
    expect(res.body.createdBy).toBe(`crn:${seed().operatorAccountId}:api-key:operator`);
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
  });

  it('answers another account exactly as it answers a missing one', async () => {
    const a = await newAccount();
    const b = await newAccount();
    const foreign = await api('GET', `/api/accounts/${b.accountId}`, { key: a.apiKey });
    const missing = await api('GET', '/api/accounts/doesNotExist123', { key: a.apiKey });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(FORBIDDEN);
    expect(missing.status).toBe(foreign.status);
    expect(missing.body).toEqual(foreign.body);
    const rename = await api('PUT', `/api/accounts/${b.accountId}`, { key: a.apiKey, body: { name: 'hijack' } });
    expect(rename.body).toEqual(FORBIDDEN);
    const after = await api('GET', `/api/accounts/${b.accountId}`, { key: b.apiKey });
    expect(after.body.name).not.toBe('hijack');
  });

  it('needs an API key: missing → 401, unknown → 401', async () => {
    const { accountId } = await newAccount();
    const missing = await api('GET', `/api/accounts/${accountId}`);
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Missing authentication' });
    const invalid = await api('GET', `/api/accounts/${accountId}`, { key: 'not-a-real-key' });
    expect(invalid.status).toBe(401);
    expect(invalid.body.message).toBe('Invalid authentication');
  });

  it('creates child accounts that its creator can manage, and validates input', async () => {
    const parent = await newAccount();
    // An org named without a region operates in its creator's (the docs' create example names none).
    const noRegion = await api('POST', '/api/accounts', {
      key: parent.apiKey,
      body: { name: 'Shop', type: 'org', test: true },
    });
    expect(noRegion.status).toBe(200);
    expect(noRegion.body.region).toBe('NZ');
    const missingName = await api('POST', '/api/accounts', { key: parent.apiKey, body: { type: 'org' } });
    expect(missingName.status).toBe(400);
    expect(missingName.body.message).toBe('name is required');
    const badType = await api('POST', '/api/accounts', { key: parent.apiKey, body: { name: 'x', type: 'company' } });
    expect(badType.body.message).toBe('type must be one of: org, individual');
    const live = await api('POST', '/api/accounts', { key: parent.apiKey, body: { name: 'Live', type: 'individual' } });
    expect(live.status).toBe(403);
    expect(live.body.message).toBe('LIVENESS_MISMATCH');

    const child = await api('POST', '/api/accounts', {
      key: parent.apiKey,
      body: { name: 'Shop', type: 'org', region: 'NZ', test: true },
    });
    expect(child.status).toBe(200);
    expect(child.body.parentAccountId).toBe(parent.accountId);
    const renamed = await api('PUT', `/api/accounts/${child.body.id}`, {
      key: parent.apiKey,
      body: { name: 'Shop 2' },
    });
    expect(renamed.body).toMatchObject({ name: 'Shop 2', version: '2' });
  });

  it('rejects wrong content types and bad JSON with 4xx and writes nothing', async () => {
    const owner = await newAccount();
    const form = await api('POST', '/api/accounts', {
      key: owner.apiKey,
      rawBody: 'name=x&type=org',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const bad = await api('POST', '/api/accounts', {
      key: owner.apiKey,
      rawBody: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'body is not valid JSON' });
  });

  it('lets only the operator set subscriptions', async () => {
    const owner = await newAccount();
    const denied = await api('PUT', `/api/accounts/${owner.accountId}/subscriptions`, {
      key: owner.apiKey,
      body: { subscriptions: ['collection-manager'] },
    });
    expect(denied.body).toEqual(FORBIDDEN);
    const unknown = await api('PUT', `/api/accounts/${owner.accountId}/subscriptions`, {
      key: seed().operatorApiKey,
      body: { subscriptions: ['time-travel'] },
    });
    expect(unknown.body.message).toBe('INVALID_SUBSCRIPTION');
    const set = await api('PUT', `/api/accounts/${owner.accountId}/subscriptions`, {
      key: seed().operatorApiKey,
      body: { subscriptions: ['collection-manager'] },
    });
    expect(set.body).toEqual({ subscriptions: ['collection-manager'] });
  });
});

describe('an account is created with its creator as its only owner', () => {
  const memberships = async (user: TestUser) =>
    (await api('GET', '/api/account-memberships', { token: user.token })).body;
  const INVITATION_REQUIRED = { statusCode: 403, error: 'Forbidden', message: 'INVITATION_REQUIRED' };

  it('a signed-in user creating an org account is its owner, its one member', async () => {
    const user = await newUser();
    const res = await api('POST', '/api/accounts', {
      token: user.token,
      body: { name: 'My Shop', type: 'org', region: 'NZ', test: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      createdBy: `crn::user:${user.userId}`,
      parentAccountId: user.individualAccountId,
    });
    // Naming themselves as owner is the same.
    const named = await api('POST', '/api/accounts', {
      token: user.token,
      body: { name: 'My Other Shop', type: 'org', test: true, owner: user.userId },
    });
    expect(named.status).toBe(200);
    const members = await api('GET', `/api/accounts/${res.body.id}/members`, {
      token: user.token,
      account: res.body.id,
    });
    expect(members.body).toEqual([expect.objectContaining({ userId: user.userId, role: 'account-owner' })]);
    expect((await memberships(user)).map((m: Json) => [m.accountId, m.role])).toEqual(
      expect.arrayContaining([
        [res.body.id, 'account-owner'],
        [named.body.id, 'account-owner'],
      ]),
    );
  });

  it(
    'owner naming anyone but the calling user is INVITATION_REQUIRED, for keys, the operator and users alike, ' +
      'writing nothing',
    async () => {
      const [parent, user, victim] = await Promise.all([newAccount(), newUser(), newUser()]);
      const attempts = [{ key: parent.apiKey }, { key: seed().operatorApiKey }, { token: user.token }];
      for (const caller of attempts) {
        const res = await api('POST', '/api/accounts', {
          ...caller,
          body: { name: 'Trap', type: 'org', region: 'NZ', test: true, owner: victim.userId },
        });
        expect(res.body).toEqual(INVITATION_REQUIRED);
        expect(written(res)).toEqual([]);
      }
      // An API key's account is created with no member at all.
      const keyMade = await api('POST', '/api/accounts', {
        key: parent.apiKey,
        body: { name: 'Keyed', type: 'org', test: true },
      });
      expect((await api('GET', `/api/accounts/${keyMade.body.id}/members`, { key: parent.apiKey })).body).toEqual([]);
      expect(await memberships(victim)).toEqual([expect.objectContaining({ accountId: victim.individualAccountId })]);
      expect(await memberships(user)).toEqual([expect.objectContaining({ accountId: user.individualAccountId })]);
    },
  );

  it(
    "a user's one individual account is made with the user: a user creates org accounts only " +
      '(INVALID_ACCOUNT_TYPE)',
    async () => {
      const user = await newUser();
      const res = await api('POST', '/api/accounts', {
        token: user.token,
        body: { name: 'Me Again', type: 'individual', test: true },
      });
      expect(res.body).toMatchObject({ statusCode: 403, message: 'INVALID_ACCOUNT_TYPE' });
      expect(written(res)).toEqual([]);
      expect(await memberships(user)).toHaveLength(1);
    },
  );
});
