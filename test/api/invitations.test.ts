import { api, FORBIDDEN, newAccount, seed, type TestAccount, type Json } from '../support/api';
import { waitFor } from '../support/clock';
import { joinByInvitation, newUser, type TestUser } from '../support/users';

/** Invitations to become a member of an org account, accepted by the recipient's signed-in user. */
let org: TestAccount;
let other: TestAccount;

const invite = (account: TestAccount, recipientAlias: string, role = 'cashier', key = account.apiKey) =>
  api('POST', '/api/invitations', {
    key,
    body: {
      type: 'account-membership',
      resourceId: account.accountId,
      resourceType: 'account',
      recipientAlias,
      params: { role },
    },
  });
/**
 * An invitation once its email went out (the notifications consumer moved it to `sent`): what it then stays
 * until accepted or revoked, so a test comparing it whole does not depend on when the consumer ran.
 */
async function inviteSent(account: TestAccount, recipientAlias: string, role = 'cashier') {
  const created = await invite(account, recipientAlias, role);
  if (created.status !== 200) throw new Error(`invitation failed: ${JSON.stringify(created.body)}`);
  const body = await waitFor(
    async () => (await listed(account)).find((i: Json) => i.id === created.body.id),
    (i) => i?.status === 'sent',
    20_000,
  );
  return { status: created.status, body };
}
const accept = (invitation: { id: string; code: string }, user: TestUser, code = invitation.code) =>
  api('POST', `/api/invitations/${invitation.id}/accept`, {
    token: user.token,
    body: { code, accountId: user.individualAccountId },
  });
const listed = async (account: TestAccount) =>
  (await api('GET', `/api/accounts/${account.accountId}/invitations`, { key: account.apiKey })).body.items;
const membersOf = async (account: TestAccount) =>
  (await api('GET', `/api/accounts/${account.accountId}/members`, { key: account.apiKey })).body;
const advanceClock = (account: TestAccount, seconds: number) =>
  api('POST', `/api/accounts/${account.accountId}/test-clock`, {
    key: seed().operatorApiKey,
    body: { advanceSeconds: seconds },
  });

beforeAll(async () => {
  [org, other] = await Promise.all([newAccount(), newAccount()]);
});

describe('POST /api/invitations', () => {
  it('creates an invitation: a code, a day to accept, params with the account name', async () => {
    const res = await invite(org, 'Someone@Example.com');
    expect(res.status).toBe(200);
    const account = (await api('GET', `/api/accounts/${org.accountId}`, { key: org.apiKey })).body;
    expect(res.body).toEqual({
      id: expect.any(String),
      code: expect.any(String),
      type: 'account-membership',
      resourceId: org.accountId,
      resourceType: 'account',
      expiresAt: new Date(Date.parse(res.body.createdAt) + 24 * 3600_000).toISOString(),
      status: 'created',
      recipientAlias: 'someone@example.com',
      params: { role: 'cashier', accountName: account.name },
      test: true,
      createdAt: expect.any(String),
      createdBy: expect.stringMatching(/:api-key:/),
      updatedAt: res.body.createdAt,
      updatedBy: res.body.createdBy,
    });
  });

  it(
    'refuses a second open invitation of the same recipient ' + 'to the same account: RECIPIENT_ALREADY_INVITED',
    async () => {
      await invite(org, 'twice@example.com');
      const again = await invite(org, 'TWICE@example.com', 'account-owner');
      expect(again.body).toMatchObject({ statusCode: 403, message: 'RECIPIENT_ALREADY_INVITED' });
      expect((await listed(org)).filter((i: Json) => i.recipientAlias === 'twice@example.com')).toHaveLength(1);
      // Another account may invite the same person.
      expect((await invite(other, 'twice@example.com')).status).toBe(200);
    },
  );

  it('refuses a recipient who already joined: RECIPIENT_ALREADY_INVITED', async () => {
    const user = await newUser();
    await joinByInvitation(org, user, 'cashier');
    expect((await invite(org, user.email)).body).toMatchObject({
      statusCode: 403,
      message: 'RECIPIENT_ALREADY_INVITED',
    });
  });

  it('refuses an individual account: INVALID_ACCOUNT_TYPE', async () => {
    const user = await newUser();
    const res = await api('POST', '/api/invitations', {
      token: user.token,
      body: {
        type: 'account-membership',
        resourceId: user.individualAccountId,
        resourceType: 'account',
        recipientAlias: 'friend@example.com',
        params: { role: 'cashier' },
      },
    });
    expect(res.body).toMatchObject({ statusCode: 403, message: 'INVALID_ACCOUNT_TYPE' });
  });

  it('refuses a bad alias, role or resource type, naming the field', async () => {
    expect((await invite(org, 'not-an-email')).body).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('recipientAlias'),
    });
    expect((await invite(org, 'x@example.com', 'platform-operator')).body).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('role'),
    });
  });

  it("refuses another account's key, writing nothing", async () => {
    const res = await invite(org, 'intruder@example.com', 'account-owner', other.apiKey);
    expect(res.body).toEqual(FORBIDDEN);
    expect((await listed(org)).map((i: Json) => i.recipientAlias)).not.toContain('intruder@example.com');
  });
});

describe('GET /api/invitations/code/{code} and GET /api/accounts/{accountId}/invitations', () => {
  it('finds an invitation by its code, without its alias, for any account owner', async () => {
    const created = (await inviteSent(org, 'bycode@example.com')).body;
    const res = await api('GET', `/api/invitations/code/${created.code}`, { key: other.apiKey });
    expect(res.status).toBe(200);
    const { recipientAlias: _alias, ...rest } = created;
    expect(res.body).toEqual(rest);
    expect((await api('GET', '/api/invitations/code/NoSuchCode', { key: org.apiKey })).body).toEqual(FORBIDDEN);
  });

  it("lists the account's invitations, newest first and paginated; another account's key is refused", async () => {
    const account = await newAccount();
    const first = (await inviteSent(account, 'one@example.com')).body;
    const second = (await inviteSent(account, 'two@example.com')).body;
    const page = await api('GET', `/api/accounts/${account.accountId}/invitations?paginationLimit=1`, {
      key: account.apiKey,
    });
    expect(page.body.items.map((i: Json) => i.id)).toEqual([second.id]);
    const next = await api(
      'GET',
      `/api/accounts/${account.accountId}/invitations?paginationLimit=1` +
        `&pageKey=${encodeURIComponent(page.body.nextPageKey)}`,
      { key: account.apiKey },
    );
    expect(next.body).toEqual({ items: [first] });
    expect((await api('GET', `/api/accounts/${account.accountId}/invitations`, { key: other.apiKey })).body).toEqual(
      FORBIDDEN,
    );
  });
});

describe('POST /api/invitations/{invitationId}/accept', () => {
  it(
    'makes a new user a member with the invited role, who ' + 'can then do what the role allows and nothing more',
    async () => {
      const account = await newAccount();
      const user = await newUser();
      const created = (await inviteSent(account, user.email, 'cashier')).body;
      const res = await accept(created, user);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...created,
        recipientAlias: undefined,
        accepted: true,
        acceptedAt: expect.any(String),
        acceptedBy: `crn::user:${user.userId}`,
        acceptedByAccountId: user.individualAccountId,
        updatedAt: res.body.acceptedAt,
        updatedBy: `crn::user:${user.userId}`,
      });
      expect('recipientAlias' in res.body).toBe(false);
      // The alias is scrubbed in storage too.
      expect((await listed(account)).find((i: Json) => i.id === created.id)).not.toHaveProperty('recipientAlias');
      expect(await membersOf(account)).toContainEqual(
        expect.objectContaining({ userId: user.userId, role: 'cashier', email: user.email }),
      );

      const as = { token: user.token, account: account.accountId };
      // A cashier reads the account and creates payment requests ...
      expect((await api('GET', `/api/accounts/${account.accountId}`, as)).status).toBe(200);
      const merchant = (
        await api('POST', '/api/merchants', {
          key: account.apiKey,
          body: { accountId: account.accountId, name: 'Cafe', country: 'NZ', test: true },
        })
      ).body;
      const config = (
        await api('POST', `/api/merchants/${merchant.id}/configs`, {
          key: account.apiKey,
          body: { paymentOptions: [{ type: 'svc.nzd.test' }] },
        })
      ).body;
      const request = await api('POST', '/api/payment-requests', {
        ...as,
        body: { configId: config.id, value: { currency: 'NZD', amount: '100' } },
      });
      expect(request.status).toBe(200);
      // ... but neither manages members nor makes API keys, and such a refusal writes nothing.
      const outsider = await newUser();
      expect(
        (
          await api('POST', `/api/accounts/${account.accountId}/members`, {
            ...as,
            body: { userId: outsider.userId, role: 'account-owner' },
          })
        ).body,
      ).toEqual(FORBIDDEN);
      expect(
        (
          await api('POST', `/api/accounts/${account.accountId}/api-keys`, {
            ...as,
            body: { name: 'sneaky', role: 'account-owner' },
          })
        ).body,
      ).toEqual(FORBIDDEN);
      expect((await membersOf(account)).map((m: Json) => m.userId)).not.toContain(outsider.userId);
      expect(
        (await api('GET', `/api/accounts/${account.accountId}/api-keys`, { key: account.apiKey })).body.map(
          (k: Json) => k.name,
        ),
      ).not.toContain('sneaky');
    },
  );

  it('refuses a second accept: INVITATION_ALREADY_ACCEPTED', async () => {
    const user = await newUser();
    const created = (await invite(org, user.email)).body;
    expect((await accept(created, user)).status).toBe(200);
    expect((await accept(created, user)).body).toMatchObject({
      statusCode: 403,
      message: 'INVITATION_ALREADY_ACCEPTED',
    });
  });

  it('accepts once under concurrent accepts', async () => {
    const account = await newAccount();
    const user = await newUser();
    const created = (await invite(account, user.email)).body;
    const results = await Promise.all(Array.from({ length: 5 }, () => accept(created, user)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.message).toBe('INVITATION_ALREADY_ACCEPTED');
    expect(await membersOf(account)).toHaveLength(1);
  });

  it('refuses a revoked invitation: INVITATION_REVOKED', async () => {
    const user = await newUser();
    const created = (await invite(org, user.email)).body;
    await api('POST', `/api/invitations/${created.id}/revoke`, { key: org.apiKey });
    expect((await accept(created, user)).body).toMatchObject({ statusCode: 403, message: 'INVITATION_REVOKED' });
    expect((await membersOf(org)).map((m: Json) => m.userId)).not.toContain(user.userId);
  });

  it('refuses anyone but the recipient: RECIPIENT_ALIAS_MISMATCH (an API key has no alias)', async () => {
    const [user, stranger] = await Promise.all([newUser(), newUser()]);
    const created = (await invite(org, user.email)).body;
    expect((await accept(created, stranger)).body).toMatchObject({
      statusCode: 403,
      message: 'RECIPIENT_ALIAS_MISMATCH',
    });
    const byKey = await api('POST', `/api/invitations/${created.id}/accept`, {
      key: other.apiKey,
      body: { code: created.code, accountId: other.accountId },
    });
    expect(byKey.body).toMatchObject({ statusCode: 403, message: 'RECIPIENT_ALIAS_MISMATCH' });
    expect((await membersOf(org)).map((m: Json) => m.userId)).not.toContain(stranger.userId);
  });

  it("refuses a wrong code and an accountId that is not the caller's, writing nothing", async () => {
    const user = await newUser();
    const created = (await invite(org, user.email)).body;
    expect((await accept(created, user, 'WrongCodezzzzzzzzzzzzz')).body).toEqual(FORBIDDEN);
    const foreign = await api('POST', `/api/invitations/${created.id}/accept`, {
      token: user.token,
      body: { code: created.code, accountId: other.accountId },
    });
    expect(foreign.body).toEqual(FORBIDDEN);
    expect((await listed(org)).find((i: Json) => i.id === created.id)).toMatchObject({ recipientAlias: user.email });
    expect((await accept(created, user)).status).toBe(200);
  });

  it(
    'refuses an expired invitation (by the account clock): ' + 'INVITATION_EXPIRED, and a new one may then be sent',
    async () => {
      const account = await newAccount();
      const user = await newUser();
      const created = (await invite(account, user.email)).body;
      expect((await advanceClock(account, 24 * 3600)).status).toBe(200);
      expect((await accept(created, user)).body).toMatchObject({ statusCode: 403, message: 'INVITATION_EXPIRED' });
      expect((await api('POST', `/api/invitations/${created.id}/revoke`, { key: account.apiKey })).body).toMatchObject({
        statusCode: 403,
        message: 'INVITATION_EXPIRED',
      });
      const again = await invite(account, user.email);
      expect(again.status).toBe(200);
      expect((await accept(again.body, user)).status).toBe(200);
    },
  );
});

describe('POST /api/invitations/{invitationId}/revoke', () => {
  it('revokes an open invitation, which frees the recipient for a new one', async () => {
    const created = (await inviteSent(org, 'revoked@example.com')).body;
    const res = await api('POST', `/api/invitations/${created.id}/revoke`, { key: org.apiKey });
    expect(res.body).toEqual({
      ...created,
      status: 'revoked',
      updatedAt: expect.any(String),
      updatedBy: created.createdBy,
    });
    expect((await api('POST', `/api/invitations/${created.id}/revoke`, { key: org.apiKey })).body.status).toBe(
      'revoked',
    );
    expect((await invite(org, 'revoked@example.com')).status).toBe(200);
  });

  it('refuses an accepted invitation: INVITATION_ACCEPTED', async () => {
    const user = await newUser();
    const created = (await invite(org, user.email)).body;
    await accept(created, user);
    expect((await api('POST', `/api/invitations/${created.id}/revoke`, { key: org.apiKey })).body).toMatchObject({
      statusCode: 403,
      message: 'INVITATION_ACCEPTED',
    });
  });

  it("refuses another account's key, writing nothing", async () => {
    const created = (await inviteSent(org, 'keep@example.com')).body;
    expect((await api('POST', `/api/invitations/${created.id}/revoke`, { key: other.apiKey })).body).toEqual(FORBIDDEN);
    expect((await listed(org)).find((i: Json) => i.id === created.id).status).toBe('sent');
  });
});
