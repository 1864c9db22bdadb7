import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../functions/core/db/client';
import { config } from '../../functions/core/config';
import { api, FORBIDDEN, newAccount, seed, type TestAccount } from '../support/api';
import { newUser, userToken, type TestUser } from '../support/users';
import { written } from '../support/value';
import { MAX_MEMBERS_PER_ACCOUNT, MAX_MEMBERSHIPS_PER_USER } from '../../functions/accounts';

/** Members of accounts and signed-in users: add, list, revoke, memberships, and user access tokens. */
let org: TestAccount;
let other: TestAccount;
let owner: TestUser;

const members = (accountId: string, key: string) => api('GET', `/api/accounts/${accountId}/members`, { key });
const addMember = (account: TestAccount, userId: string, role: string, key = account.apiKey) =>
  api('POST', `/api/accounts/${account.accountId}/members`, { key, body: { userId, role } });

/** The member counts item: what the last-owner condition reads, read by its key. */
async function counts(accountId: string) {
  const out = await db().send(new GetCommand({ TableName: config().tableName, Key: { PK: `ACCOUNT#${accountId}`, SK: 'MEMBERS' }, ConsistentRead: true }));
  return out.Item && { owners: Number(out.Item.owners), members: Number(out.Item.members) };
}

beforeAll(async () => {
  [org, other, owner] = await Promise.all([newAccount(), newAccount(), newUser({ givenName: 'Olive', familyName: 'Owner' })]);
  expect((await addMember(org, owner.userId, 'account-owner')).status).toBe(200);
});

describe('POST /api/accounts/{accountId}/members', () => {
  it('adds a member and answers the member', async () => {
    const user = await newUser();
    const res = await addMember(org, user.userId, 'cashier');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      accountId: org.accountId,
      accountType: 'org',
      userId: user.userId,
      role: 'cashier',
      createdBy: expect.stringMatching(/^crn:.+:api-key:/),
      createdAt: expect.any(String),
      modifiedAt: res.body.createdAt,
      modifiedBy: res.body.createdBy,
    });
  });

  it('updates the role of a member', async () => {
    const user = await newUser();
    await addMember(org, user.userId, 'cashier');
    const res = await addMember(org, user.userId, 'account-owner');
    expect(res.body).toMatchObject({ role: 'account-owner', userId: user.userId });
    const listed = (await members(org.accountId, org.apiKey)).body.find((m: any) => m.userId === user.userId);
    expect(listed.role).toBe('account-owner');
  });

  it('takes at most MAX_MEMBERS_PER_ACCOUNT members (MEMBER_LIMIT_EXCEEDED), writing nothing; a role change of a member still goes', async () => {
    const account = await newAccount();
    const users: TestUser[] = [];
    for (let i = 0; i < MAX_MEMBERS_PER_ACCOUNT + 1; i += 10) users.push(...(await Promise.all(Array.from({ length: 10 }, () => newUser()))));
    for (const user of users.slice(0, MAX_MEMBERS_PER_ACCOUNT)) expect((await addMember(account, user.userId, 'cashier')).status).toBe(200);
    const over = await addMember(account, users[MAX_MEMBERS_PER_ACCOUNT].userId, 'cashier');
    expect(over.body).toMatchObject({ statusCode: 403, message: 'MEMBER_LIMIT_EXCEEDED' });
    expect(written(over)).toEqual([]);
    expect(await counts(account.accountId)).toEqual({ owners: 0, members: MAX_MEMBERS_PER_ACCOUNT });
    expect((await addMember(account, users[0].userId, 'account-owner')).status).toBe(200);
  }, 60_000);

  it('refuses a user id that names no user, and a role users cannot hold', async () => {
    expect((await addMember(org, 'no-such-user', 'cashier')).body).toMatchObject({ statusCode: 400, message: 'userId does not name a user' });
    const user = await newUser();
    expect((await addMember(org, user.userId, 'platform-operator')).status).toBe(400);
  });

  it("refuses another account's key, writing nothing", async () => {
    const user = await newUser();
    const res = await addMember(org, user.userId, 'account-owner', other.apiKey);
    expect(res.body).toEqual(FORBIDDEN);
    expect((await members(org.accountId, org.apiKey)).body.map((m: any) => m.userId)).not.toContain(user.userId);
  });

  it('refuses members for an individual account (its one member is its owner)', async () => {
    const user = await newUser();
    const res = await api('POST', `/api/accounts/${owner.individualAccountId}/members`, { token: owner.token, body: { userId: user.userId, role: 'cashier' } });
    expect(res.body).toMatchObject({ statusCode: 403, message: 'INVALID_ACCOUNT_TYPE' });
  });
});

describe('GET /api/accounts/{accountId}/members', () => {
  it('lists members with the account name and the users names and email', async () => {
    const res = await members(org.accountId, org.apiKey);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({
      accountName: expect.any(String),
      accountType: 'org',
      accountId: org.accountId,
      userId: owner.userId,
      createdAt: expect.any(String),
      role: 'account-owner',
      firstName: 'Olive',
      lastName: 'Owner',
      email: owner.email,
    });
  });

  it("refuses another account's key", async () => {
    expect((await members(org.accountId, other.apiKey)).body).toEqual(FORBIDDEN);
  });
});

describe('DELETE /api/accounts/{accountId}/members/{userId}', () => {
  it('revokes a member, who then loses access at once', async () => {
    const user = await newUser();
    await addMember(org, user.userId, 'cashier');
    expect((await api('GET', `/api/accounts/${org.accountId}`, { token: user.token, account: org.accountId })).status).toBe(200);
    const res = await api('DELETE', `/api/accounts/${org.accountId}/members/${user.userId}`, { key: org.apiKey });
    expect(res).toMatchObject({ status: 200, body: {} });
    expect((await members(org.accountId, org.apiKey)).body.map((m: any) => m.userId)).not.toContain(user.userId);
    expect((await api('GET', `/api/accounts/${org.accountId}`, { token: user.token, account: org.accountId })).body).toEqual(FORBIDDEN);
  });

  it('never removes the last owner: LAST_OWNER_NOT_REVOKABLE, also by demotion', async () => {
    const account = await newAccount();
    const only = await newUser();
    await addMember(account, only.userId, 'account-owner');
    const res = await api('DELETE', `/api/accounts/${account.accountId}/members/${only.userId}`, { key: account.apiKey });
    expect(res.body).toMatchObject({ statusCode: 403, message: 'LAST_OWNER_NOT_REVOKABLE' });
    expect((await addMember(account, only.userId, 'cashier')).body).toMatchObject({ statusCode: 403, message: 'LAST_OWNER_NOT_REVOKABLE' });
    expect((await members(account.accountId, account.apiKey)).body).toEqual([expect.objectContaining({ userId: only.userId, role: 'account-owner' })]);
  });

  it('keeps one owner when two owners are revoked at once (the condition, not a read, decides)', async () => {
    const account = await newAccount();
    const [a, b] = await Promise.all([newUser(), newUser()]);
    await addMember(account, a.userId, 'account-owner');
    await addMember(account, b.userId, 'account-owner');
    const results = await Promise.all(
      [a, b].map((u) => api('DELETE', `/api/accounts/${account.accountId}/members/${u.userId}`, { key: account.apiKey })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(results.find((r) => r.status === 403)!.body.message).toBe('LAST_OWNER_NOT_REVOKABLE');
    expect((await members(account.accountId, account.apiKey)).body).toHaveLength(1);
    expect(await counts(account.accountId)).toEqual({ owners: 1, members: 1 });
  });

  it('gives a user at most MAX_MEMBERSHIPS_PER_USER memberships, their own account included (MEMBERSHIP_LIMIT_EXCEEDED), writing nothing', async () => {
    const user = await newUser();
    const accounts: TestAccount[] = [];
    // Their individual account is one membership already.
    for (let i = 0; i < MAX_MEMBERSHIPS_PER_USER; i += 11) accounts.push(...(await Promise.all(Array.from({ length: 11 }, () => newAccount()))));
    for (const account of accounts.slice(0, MAX_MEMBERSHIPS_PER_USER - 1)) expect((await addMember(account, user.userId, 'cashier')).status).toBe(200);
    const over = await addMember(accounts[MAX_MEMBERSHIPS_PER_USER - 1], user.userId, 'cashier');
    expect(over.body).toMatchObject({ statusCode: 403, message: 'MEMBERSHIP_LIMIT_EXCEEDED' });
    expect(written(over)).toEqual([]);
    expect((await api('GET', '/api/account-memberships', { token: user.token })).body).toHaveLength(MAX_MEMBERSHIPS_PER_USER);
  }, 90_000);

  it("refuses another account's key and a non-member alike, writing nothing", async () => {
    const res = await api('DELETE', `/api/accounts/${org.accountId}/members/${owner.userId}`, { key: other.apiKey });
    expect(res.body).toEqual(FORBIDDEN);
    expect((await api('DELETE', `/api/accounts/${org.accountId}/members/nobody`, { key: org.apiKey })).body).toEqual(FORBIDDEN);
    expect((await members(org.accountId, org.apiKey)).body.map((m: any) => m.userId)).toContain(owner.userId);
  });
});

describe('GET /api/account-memberships and /api/users/{userId}/account-memberships', () => {
  it("lists a signed-in user's accounts, and an API key's own account and role", async () => {
    const mine = await api('GET', '/api/account-memberships', { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(
      expect.arrayContaining([
        { accountName: expect.any(String), accountId: owner.individualAccountId, accountType: 'individual', role: 'account-owner' },
        { accountName: expect.any(String), accountId: org.accountId, accountType: 'org', role: 'account-owner' },
      ]),
    );
    const key = await api('GET', '/api/account-memberships', { key: org.apiKey });
    expect(key.body).toEqual([{ accountName: expect.any(String), accountId: org.accountId, accountType: 'org', role: 'account-owner' }]);
  });

  it("lists a user's memberships of the caller's accounts only; none visible is FORBIDDEN", async () => {
    const res = await api('GET', `/api/users/${owner.userId}/account-memberships`, { key: org.apiKey });
    expect(res.body).toEqual([{ accountName: expect.any(String), accountId: org.accountId, accountType: 'org', role: 'account-owner' }]);
    expect((await api('GET', `/api/users/${owner.userId}/account-memberships`, { key: other.apiKey })).body).toEqual(FORBIDDEN);
    const operator = await api('GET', `/api/users/${owner.userId}/account-memberships`, { key: seed().operatorApiKey });
    expect(operator.body).toHaveLength(2);
  });
});

describe('user access tokens', () => {
  it('act in the account header’s account with the membership’s role, else in the individual account', async () => {
    const cashier = await newUser();
    await addMember(org, cashier.userId, 'cashier');
    // accounts:read is the cashier's; accounts:update is not.
    expect((await api('GET', `/api/accounts/${org.accountId}`, { token: cashier.token, account: org.accountId })).status).toBe(200);
    expect((await api('GET', `/api/accounts/${org.accountId}`, { token: cashier.token, headers: { 'X-Centrapay-Account': org.accountId } })).status).toBe(200);
    const update = await api('PUT', `/api/accounts/${org.accountId}`, { token: cashier.token, account: org.accountId, body: { name: 'Renamed' } });
    expect(update.body).toEqual(FORBIDDEN);
    expect((await api('GET', `/api/accounts/${org.accountId}`, { key: org.apiKey })).body.name).not.toBe('Renamed');
    // Without the header: the individual account, where the org is another account.
    expect((await api('GET', `/api/accounts/${cashier.individualAccountId}`, { token: cashier.token })).status).toBe(200);
    expect((await api('GET', `/api/accounts/${org.accountId}`, { token: cashier.token })).body).toEqual(FORBIDDEN);
    // An account the user is not a member of.
    expect((await api('GET', `/api/accounts/${other.accountId}`, { token: cashier.token, account: other.accountId })).body).toEqual(FORBIDDEN);
  });

  it('records the user as createdBy', async () => {
    const user = await newUser();
    const res = await api('POST', `/api/accounts/${org.accountId}/members`, { token: owner.token, account: org.accountId, body: { userId: user.userId, role: 'cashier' } });
    expect(res.body.createdBy).toBe(`crn::user:${owner.userId}`);
  });

  it('are refused (401) expired, forged, for another client, of another use, or for an unknown user', async () => {
    const path = `/api/accounts/${owner.individualAccountId}`;
    const now = Date.now();
    const expired = await userToken(owner.userId, { now: new Date(now - 2 * 3600_000), expiresInSeconds: 3600 });
    const valid = await userToken(owner.userId);
    const [header, payload] = valid.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'someone-else' })).toString('base64url');
    const forged = `${header}.${forgedPayload}.${valid.split('.')[2]}`;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    const otherClient = await userToken(owner.userId, { clientId: 'another-client' });
    const idToken = await userToken(owner.userId, { claims: { token_use: 'id' } });
    const otherIssuer = await userToken(owner.userId, { issuer: 'https://issuer.example.com' });
    const unknownUser = await userToken('no-such-user');
    for (const token of [expired, forged, unsigned, otherClient, idToken, otherIssuer, unknownUser, 'not-a-jwt']) {
      const res = await api('GET', path, { token });
      expect([token, res.status, res.body.message]).toEqual([token, 401, 'Invalid authentication']);
    }
    expect((await api('GET', path, { token: valid })).status).toBe(200);
  });
});
