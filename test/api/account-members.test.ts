import { GetCommand } from '../../functions/core/db/document';
import { db } from '../../functions/core/db/client';
import { config } from '../../functions/core/config';
import { api, FORBIDDEN, newAccount, seed, type TestAccount, type Json } from '../support/api';
import { joinByInvitation, newUser, userToken, type TestUser } from '../support/users';
import { written } from '../support/value';
import { MAX_MEMBERS_PER_ACCOUNT, MAX_MEMBERSHIPS_PER_USER } from '../../functions/accounts';

/**
 * Members of accounts and signed-in users: role changes, list, revoke, leave, memberships, and user access tokens.
 * Users join by invitation only.
 */
let org: TestAccount;
let other: TestAccount;
let owner: TestUser;

const members = (accountId: string, key: string) => api('GET', `/api/accounts/${accountId}/members`, { key });
const addMember = (account: TestAccount, userId: string, role: string, key = account.apiKey) =>
  api('POST', `/api/accounts/${account.accountId}/members`, { key, body: { userId, role } });
/** The user leaving the account with their own token (acting in their individual account). */
const leave = (accountId: string, user: TestUser, account?: string) =>
  api('DELETE', `/api/accounts/${accountId}/members/${user.userId}`, { token: user.token, account });
const memberIds = async (account: TestAccount) =>
  (await members(account.accountId, account.apiKey)).body.map((m: Json) => m.userId);
const membershipsOf = async (user: TestUser) =>
  (await api('GET', '/api/account-memberships', { token: user.token })).body.map((m: Json) => m.accountId);
/** Runs `make` for each of `count`, ten at a time. */
async function inTens<T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += 10)
    out.push(...(await Promise.all(Array.from({ length: Math.min(10, count - i) }, (_, j) => make(i + j)))));
  return out;
}

/** The member counts item: what the last-owner condition reads, read by its key. */
async function counts(accountId: string) {
  const out = await db().send(
    new GetCommand({
      TableName: config().tableName,
      Key: { PK: `ACCOUNT#${accountId}`, SK: 'MEMBERS' },
      ConsistentRead: true,
    }),
  );
  return out.Item && { owners: Number(out.Item.owners), members: Number(out.Item.members) };
}

beforeAll(async () => {
  [org, other, owner] = await Promise.all([
    newAccount(),
    newAccount(),
    newUser({ givenName: 'Olive', familyName: 'Owner' }),
  ]);
  await joinByInvitation(org, owner, 'account-owner');
});

describe('POST /api/accounts/{accountId}/members', () => {
  it("changes a member's role and answers the member", async () => {
    const user = await newUser();
    await joinByInvitation(org, user, 'cashier');
    const res = await addMember(org, user.userId, 'account-owner');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      accountId: org.accountId,
      accountType: 'org',
      userId: user.userId,
      role: 'account-owner',
      // Made a member by accepting; changed by the key.
      createdBy: `crn::user:${user.userId}`,
      createdAt: expect.any(String),
      modifiedAt: expect.any(String),
      modifiedBy: expect.stringMatching(/^crn:.+:api-key:/),
    });
    const listed = (await members(org.accountId, org.apiKey)).body.find((m: Json) => m.userId === user.userId);
    expect(listed.role).toBe('account-owner');
  });

  it(
    'makes nobody a member: a user who is not one, and an unknown user id alike, is INVITATION_REQUIRED, writing ' +
      'nothing',
    async () => {
      const user = await newUser();
      for (const userId of [user.userId, 'no-such-user']) {
        for (const role of ['cashier', 'account-owner']) {
          const res = await addMember(org, userId, role);
          expect([userId, role, res.body]).toEqual([
            userId,
            role,
            { statusCode: 403, error: 'Forbidden', message: 'INVITATION_REQUIRED' },
          ]);
          expect(written(res)).toEqual([]);
        }
      }
      // Nor a signed-in owner of the account.
      const byOwner = await api('POST', `/api/accounts/${org.accountId}/members`, {
        token: owner.token,
        account: org.accountId,
        body: { userId: user.userId, role: 'cashier' },
      });
      expect(byOwner.body).toMatchObject({ statusCode: 403, message: 'INVITATION_REQUIRED' });
      expect(await memberIds(org)).not.toContain(user.userId);
      expect(await membershipsOf(user)).toEqual([user.individualAccountId]);
      // Once they accept an invitation, their role can be changed.
      await joinByInvitation(org, user, 'cashier');
      expect((await addMember(org, user.userId, 'account-owner')).body).toMatchObject({ role: 'account-owner' });
    },
  );

  it('takes at most MAX_MEMBERS_PER_ACCOUNT members (MEMBER_LIMIT_EXCEEDED on accepting), writing nothing; a role ' +
    'change of a member still goes', async () => {
    const account = await newAccount();
    const users = await inTens(MAX_MEMBERS_PER_ACCOUNT + 1, () => newUser());
    await inTens(MAX_MEMBERS_PER_ACCOUNT, (i) => joinByInvitation(account, users[i], 'cashier'));
    const last = users[MAX_MEMBERS_PER_ACCOUNT];
    const invitation = (
      await api('POST', '/api/invitations', {
        key: account.apiKey,
        body: {
          type: 'account-membership',
          resourceId: account.accountId,
          resourceType: 'account',
          recipientAlias: last.email,
          params: { role: 'cashier' },
        },
      })
    ).body;
    const over = await api('POST', `/api/invitations/${invitation.id}/accept`, {
      token: last.token,
      body: { code: invitation.code, accountId: last.individualAccountId },
    });
    expect(over.body).toMatchObject({ statusCode: 403, message: 'MEMBER_LIMIT_EXCEEDED' });
    expect(written(over)).toEqual([]);
    expect(await counts(account.accountId)).toEqual({ owners: 0, members: MAX_MEMBERS_PER_ACCOUNT });
    expect((await addMember(account, users[0].userId, 'account-owner')).status).toBe(200);
  }, 180_000);

  it('refuses a role users cannot hold', async () => {
    expect((await addMember(org, owner.userId, 'platform-operator')).status).toBe(400);
  });

  it("refuses another account's key, writing nothing", async () => {
    const user = await newUser();
    await joinByInvitation(org, user, 'cashier');
    const res = await addMember(org, user.userId, 'account-owner', other.apiKey);
    expect(res.body).toEqual(FORBIDDEN);
    expect(written(res)).toEqual([]);
    expect((await members(org.accountId, org.apiKey)).body.find((m: Json) => m.userId === user.userId).role).toBe(
      'cashier',
    );
  });

  it('refuses members for an individual account (its one member is its owner)', async () => {
    const user = await newUser();
    const res = await api('POST', `/api/accounts/${owner.individualAccountId}/members`, {
      token: owner.token,
      body: { userId: user.userId, role: 'cashier' },
    });
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
    await joinByInvitation(org, user, 'cashier');
    expect(
      (await api('GET', `/api/accounts/${org.accountId}`, { token: user.token, account: org.accountId })).status,
    ).toBe(200);
    const res = await api('DELETE', `/api/accounts/${org.accountId}/members/${user.userId}`, { key: org.apiKey });
    expect(res).toMatchObject({ status: 200, body: {} });
    expect(await memberIds(org)).not.toContain(user.userId);
    expect(
      (await api('GET', `/api/accounts/${org.accountId}`, { token: user.token, account: org.accountId })).body,
    ).toEqual(FORBIDDEN);
  });

  it('never removes the last owner: LAST_OWNER_NOT_REVOKABLE, also by demotion', async () => {
    const account = await newAccount();
    const only = await newUser();
    await joinByInvitation(account, only, 'account-owner');
    const res = await api('DELETE', `/api/accounts/${account.accountId}/members/${only.userId}`, {
      key: account.apiKey,
    });
    expect(res.body).toMatchObject({ statusCode: 403, message: 'LAST_OWNER_NOT_REVOKABLE' });
    expect((await addMember(account, only.userId, 'cashier')).body).toMatchObject({
      statusCode: 403,
      message: 'LAST_OWNER_NOT_REVOKABLE',
    });
    expect((await members(account.accountId, account.apiKey)).body).toEqual([
      expect.objectContaining({ userId: only.userId, role: 'account-owner' }),
    ]);
  });

  it('keeps one owner when two owners are revoked at once (the condition, not a read, decides)', async () => {
    const account = await newAccount();
    const [a, b] = await Promise.all([newUser(), newUser()]);
    await joinByInvitation(account, a, 'account-owner');
    await joinByInvitation(account, b, 'account-owner');
    const results = await Promise.all(
      [a, b].map((u) =>
        api('DELETE', `/api/accounts/${account.accountId}/members/${u.userId}`, { key: account.apiKey }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(results.find((r) => r.status === 403)!.body.message).toBe('LAST_OWNER_NOT_REVOKABLE');
    expect((await members(account.accountId, account.apiKey)).body).toHaveLength(1);
    expect(await counts(account.accountId)).toEqual({ owners: 1, members: 1 });
  });

  it('gives a user at most MAX_MEMBERSHIPS_PER_USER memberships, their own account included ' +
    '(MEMBERSHIP_LIMIT_EXCEEDED on accepting), writing nothing; leaving one frees a place', async () => {
    const user = await newUser();
    // Their individual account is one membership already.
    const accounts = await inTens(MAX_MEMBERSHIPS_PER_USER, () => newAccount());
    await inTens(MAX_MEMBERSHIPS_PER_USER - 1, (i) => joinByInvitation(accounts[i], user, 'cashier'));
    const last = accounts[MAX_MEMBERSHIPS_PER_USER - 1];
    const invitation = (
      await api('POST', '/api/invitations', {
        key: last.apiKey,
        body: {
          type: 'account-membership',
          resourceId: last.accountId,
          resourceType: 'account',
          recipientAlias: user.email,
          params: { role: 'cashier' },
        },
      })
    ).body;
    const accept = () =>
      api('POST', `/api/invitations/${invitation.id}/accept`, {
        token: user.token,
        body: { code: invitation.code, accountId: user.individualAccountId },
      });
    const over = await accept();
    expect(over.body).toMatchObject({ statusCode: 403, message: 'MEMBERSHIP_LIMIT_EXCEEDED' });
    expect(written(over)).toEqual([]);
    expect(await membershipsOf(user)).toHaveLength(MAX_MEMBERSHIPS_PER_USER);
    expect((await leave(accounts[0].accountId, user)).status).toBe(200);
    expect((await accept()).status).toBe(200);
    expect(await memberIds(last)).toEqual([user.userId]);
  }, 180_000);

  it("refuses another account's key and a non-member alike, writing nothing", async () => {
    const res = await api('DELETE', `/api/accounts/${org.accountId}/members/${owner.userId}`, { key: other.apiKey });
    expect(res.body).toEqual(FORBIDDEN);
    expect((await api('DELETE', `/api/accounts/${org.accountId}/members/nobody`, { key: org.apiKey })).body).toEqual(
      FORBIDDEN,
    );
    expect(await memberIds(org)).toContain(owner.userId);
  });
});

describe('leaving: DELETE /api/accounts/{accountId}/members/{own userId}', () => {
  it(
    'a user leaves an account they did not create even as its last owner: it keeps its keys and data, ownerless ' +
      'until an owner is invited',
    async () => {
      const account = await newAccount();
      const [user, cashier, next] = await Promise.all([newUser(), newUser(), newUser()]);
      await joinByInvitation(account, user, 'account-owner');
      await joinByInvitation(account, cashier, 'cashier');
      // An owner revoking themselves by key stays refused; their own token leaves.
      expect(
        (await api('DELETE', `/api/accounts/${account.accountId}/members/${user.userId}`, { key: account.apiKey }))
          .body,
      ).toMatchObject({ message: 'LAST_OWNER_NOT_REVOKABLE' });
      const res = await leave(account.accountId, user);
      expect(res).toMatchObject({ status: 200, body: {} });
      expect(await counts(account.accountId)).toEqual({ owners: 0, members: 1 });
      expect(await memberIds(account)).toEqual([cashier.userId]);
      expect(await membershipsOf(user)).toEqual([user.individualAccountId]);
      expect(
        (await api('GET', `/api/accounts/${account.accountId}`, { token: user.token, account: account.accountId }))
          .body,
      ).toEqual(FORBIDDEN);
      // The account goes on: its key works, and it invites a new owner.
      expect((await api('GET', `/api/accounts/${account.accountId}`, { key: account.apiKey })).status).toBe(200);
      await joinByInvitation(account, next, 'account-owner');
      expect(await counts(account.accountId)).toEqual({ owners: 1, members: 2 });
    },
  );

  it(
    'a cashier leaves with their own token (acting in ' + 'the account as a cashier, the route is not theirs)',
    async () => {
      const account = await newAccount();
      const cashier = await newUser();
      await joinByInvitation(account, cashier, 'cashier');
      expect((await leave(account.accountId, cashier, account.accountId)).body).toEqual(FORBIDDEN);
      expect((await leave(account.accountId, cashier)).status).toBe(200);
      expect(await memberIds(account)).toEqual([]);
    },
  );

  it(
    'the user who created an account cannot leave it as its last owner (LAST_OWNER_NOT_REVOKABLE), and can once ' +
      'another owner joined',
    async () => {
      const [creator, partner] = await Promise.all([newUser(), newUser()]);
      const created = await api('POST', '/api/accounts', {
        token: creator.token,
        body: { name: 'Creator Co', type: 'org', region: 'NZ', test: true },
      });
      expect(created.status).toBe(200);
      const accountId: string = created.body.id;
      const as = { token: creator.token, account: accountId };
      expect((await leave(accountId, creator)).body).toMatchObject({
        statusCode: 403,
        message: 'LAST_OWNER_NOT_REVOKABLE',
      });
      expect(await counts(accountId)).toEqual({ owners: 1, members: 1 });
      const invitation = (
        await api('POST', '/api/invitations', {
          ...as,
          body: {
            type: 'account-membership',
            resourceId: accountId,
            resourceType: 'account',
            recipientAlias: partner.email,
            params: { role: 'account-owner' },
          },
        })
      ).body;
      expect(
        (
          await api('POST', `/api/invitations/${invitation.id}/accept`, {
            token: partner.token,
            body: { code: invitation.code, accountId: partner.individualAccountId },
          })
        ).status,
      ).toBe(200);
      expect((await leave(accountId, creator, accountId)).status).toBe(200);
      expect(await counts(accountId)).toEqual({ owners: 1, members: 1 });
      // The partner, who did not create it, may leave it ownerless.
      expect((await leave(accountId, partner)).status).toBe(200);
      expect(await counts(accountId)).toEqual({ owners: 0, members: 0 });
    },
  );

  it(
    'counts stay exact when owners leave while the key ' + 'revokes (each write conditional on the member as read)',
    async () => {
      const account = await newAccount();
      const [a, b, c] = await Promise.all([newUser(), newUser(), newUser()]);
      for (const u of [a, b, c]) await joinByInvitation(account, u, 'account-owner');
      const results = await Promise.all([
        leave(account.accountId, a),
        leave(account.accountId, b),
        api('DELETE', `/api/accounts/${account.accountId}/members/${c.userId}`, { key: account.apiKey }),
        leave(account.accountId, a),
      ]);
      for (const r of results) expect([200, 403]).toContain(r.status);
      const listed = (await members(account.accountId, account.apiKey)).body;
      expect(await counts(account.accountId)).toEqual({
        owners: listed.filter((m: Json) => m.role === 'account-owner').length,
        members: listed.length,
      });
      expect(await memberIds(account)).not.toContain(a.userId);
      expect(await memberIds(account)).not.toContain(b.userId);
    },
  );

  it(
    'no user leaves their individual account, nor an account ' + 'they are not a member of: FORBIDDEN, writing nothing',
    async () => {
      const user = await newUser();
      const own = await leave(user.individualAccountId, user);
      expect(own.body).toEqual(FORBIDDEN);
      expect(written(own)).toEqual([]);
      expect((await leave(org.accountId, user)).body).toEqual(FORBIDDEN);
      expect((await leave('noSuchAccount0000', user)).body).toEqual(FORBIDDEN);
      expect(await membershipsOf(user)).toEqual([user.individualAccountId]);
    },
  );
});

describe('GET /api/account-memberships and /api/users/{userId}/account-memberships', () => {
  it("lists a signed-in user's accounts, and an API key's own account and role", async () => {
    const mine = await api('GET', '/api/account-memberships', { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(
      expect.arrayContaining([
        {
          accountName: expect.any(String),
          accountId: owner.individualAccountId,
          accountType: 'individual',
          role: 'account-owner',
        },
        { accountName: expect.any(String), accountId: org.accountId, accountType: 'org', role: 'account-owner' },
      ]),
    );
    const key = await api('GET', '/api/account-memberships', { key: org.apiKey });
    expect(key.body).toEqual([
      { accountName: expect.any(String), accountId: org.accountId, accountType: 'org', role: 'account-owner' },
    ]);
  });

  it("lists a user's memberships of the caller's accounts only; none visible is FORBIDDEN", async () => {
    const res = await api('GET', `/api/users/${owner.userId}/account-memberships`, { key: org.apiKey });
    expect(res.body).toEqual([
      { accountName: expect.any(String), accountId: org.accountId, accountType: 'org', role: 'account-owner' },
    ]);
    expect((await api('GET', `/api/users/${owner.userId}/account-memberships`, { key: other.apiKey })).body).toEqual(
      FORBIDDEN,
    );
    const operator = await api('GET', `/api/users/${owner.userId}/account-memberships`, { key: seed().operatorApiKey });
    expect(operator.body).toHaveLength(2);
  });
});

describe('user access tokens', () => {
  it('act in the account header’s account with the membership’s role, else in the individual account', async () => {
    const cashier = await newUser();
    await joinByInvitation(org, cashier, 'cashier');
    // accounts:read is the cashier's; accounts:update is not.
    expect(
      (await api('GET', `/api/accounts/${org.accountId}`, { token: cashier.token, account: org.accountId })).status,
    ).toBe(200);
    expect(
      (
        await api('GET', `/api/accounts/${org.accountId}`, {
          token: cashier.token,
          headers: { 'X-Centrapay-Account': org.accountId },
        })
      ).status,
    ).toBe(200);
    const update = await api('PUT', `/api/accounts/${org.accountId}`, {
      token: cashier.token,
      account: org.accountId,
      body: { name: 'Renamed' },
    });
    expect(update.body).toEqual(FORBIDDEN);
    expect((await api('GET', `/api/accounts/${org.accountId}`, { key: org.apiKey })).body.name).not.toBe('Renamed');
    // Without the header: the individual account, where the org is another account.
    expect((await api('GET', `/api/accounts/${cashier.individualAccountId}`, { token: cashier.token })).status).toBe(
      200,
    );
    expect((await api('GET', `/api/accounts/${org.accountId}`, { token: cashier.token })).body).toEqual(FORBIDDEN);
    // An account the user is not a member of.
    expect(
      (await api('GET', `/api/accounts/${other.accountId}`, { token: cashier.token, account: other.accountId })).body,
    ).toEqual(FORBIDDEN);
  });

  it('records the user as modifiedBy', async () => {
    const user = await newUser();
    await joinByInvitation(org, user, 'cashier');
    const res = await api('POST', `/api/accounts/${org.accountId}/members`, {
      token: owner.token,
      account: org.accountId,
      body: { userId: user.userId, role: 'account-owner' },
    });
    expect(res.body).toMatchObject({ createdBy: `crn::user:${user.userId}`, modifiedBy: `crn::user:${owner.userId}` });
  });

  it('are refused (401) expired, forged, for another client, of another use, or for an unknown user', async () => {
    const path = `/api/accounts/${owner.individualAccountId}`;
    const now = Date.now();
    const expired = await userToken(owner.userId, { now: new Date(now - 2 * 3600_000), expiresInSeconds: 3600 });
    const valid = await userToken(owner.userId);
    const [header, payload] = valid.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'someone-else' }),
    ).toString('base64url');
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
