/**
 * Docs page "Account Memberships": src/content/api/account-memberships.mdoc and its example exchanges; the Auth page's
 * three ways to call it.
 */
import { api, newAccount, type TestAccount } from '../support/api';
import { joinByInvitation, newUser, type TestUser } from '../support/users';
import { expectError, expectExchange, S, type ShapeObject } from './support';

const MEMBER: ShapeObject = {
  accountId: S,
  accountType: S,
  userId: S,
  role: S,
  createdBy: S,
  createdAt: S,
  modifiedAt: S,
  modifiedBy: S,
};
const LISTED_MEMBER: ShapeObject = {
  accountName: S,
  accountType: S,
  accountId: S,
  userId: S,
  createdAt: S,
  role: S,
  firstName: S,
  lastName: S,
  email: S,
};
const SUMMARY: ShapeObject = { accountName: S, accountId: S, accountType: S, role: S };

describe('Account Memberships: documented example exchanges', () => {
  let org: TestAccount;
  let john: TestUser;
  let jane: TestUser;
  beforeAll(async () => {
    [org, john, jane] = await Promise.all([
      newAccount(),
      newUser({ givenName: 'John', familyName: 'Doe' }),
      newUser({ givenName: 'Jane', familyName: 'Doe' }),
    ]);
  });

  // Users join by accepting an invitation (docs/api/users-and-members.md): the documented call changes a member's role.
  it('POST /api/accounts/{accountId}/members', async () => {
    await joinByInvitation(org, john, 'cashier');
    const res = await api('POST', `/api/accounts/${org.accountId}/members`, {
      key: org.apiKey,
      body: { userId: john.userId, role: 'account-owner' },
    });
    expectExchange(res, MEMBER);
    expect(res.body).toMatchObject({ accountType: 'org', role: 'account-owner' });
  });

  it('GET /api/accounts/{accountId}/members: a bare array with names and email', async () => {
    await joinByInvitation(org, jane, 'account-owner');
    const res = await api('GET', `/api/accounts/${org.accountId}/members`, { key: org.apiKey });
    expectExchange(res, [LISTED_MEMBER]);
    expect(res.body).toHaveLength(2);
  });

  it('DELETE /api/accounts/{accountId}/members/{userId}', async () => {
    const res = await api('DELETE', `/api/accounts/${org.accountId}/members/${jane.userId}`, { key: org.apiKey });
    expect(res.status).toBe(200);
  });

  it('DELETE /api/accounts/{accountId}/members/{userId}: 403 LAST_OWNER_NOT_REVOKABLE', async () => {
    expectError(
      await api('DELETE', `/api/accounts/${org.accountId}/members/${john.userId}`, { key: org.apiKey }),
      403,
      'LAST_OWNER_NOT_REVOKABLE',
    );
  });

  it(
    'GET /api/account-memberships: with an API key, a user access token, and a user access token for an org ' +
      'account',
    async () => {
      expectExchange(await api('GET', '/api/account-memberships', { key: org.apiKey }), [SUMMARY]);
      const user = await api('GET', '/api/account-memberships', { headers: { Authorization: john.token } });
      expectExchange(user, [SUMMARY]);
      expect(user.body.map((m: { accountId: string }) => m.accountId)).toContain(org.accountId);
      expectExchange(
        await api('GET', '/api/account-memberships', {
          headers: { Authorization: john.token, 'X-Centrapay-Account': org.accountId },
        }),
        [SUMMARY],
      );
    },
  );

  it('GET /api/users/{userId}/account-memberships', async () => {
    const res = await api('GET', `/api/users/${john.userId}/account-memberships`, { key: org.apiKey });
    expectExchange(res, [SUMMARY]);
  });
});
