/** Docs page "Invitations": src/content/api/invitations.mdoc and its example exchanges. */
import { api, newAccount, seed, type TestAccount } from '../support/api';
import { newUser } from '../support/users';
import { B, expectError, expectExchange, S, type ShapeObject } from './support';

const BASE: ShapeObject = {
  id: S,
  code: S,
  type: S,
  resourceId: S,
  resourceType: S,
  expiresAt: S,
  createdAt: S,
  createdBy: S,
  updatedAt: S,
  updatedBy: S,
};
const FULL: ShapeObject = { ...BASE, recipientAlias: S, params: { role: S, accountName: S }, status: S };
const ACCEPTED: ShapeObject = { ...BASE, accepted: B, acceptedAt: S, acceptedBy: S, acceptedByAccountId: S };

describe('Invitations: documented example exchanges', () => {
  let org: TestAccount;
  const create = (recipientAlias: string, role = 'cashier', account = org) =>
    api('POST', '/api/invitations', {
      key: account.apiKey,
      body: {
        type: 'account-membership',
        resourceId: account.accountId,
        resourceType: 'account',
        recipientAlias,
        params: { role },
      },
    });
  beforeAll(async () => {
    org = await newAccount();
  });

  it('POST /api/invitations: params gain accountName', async () => {
    const res = await create('user@org.com');
    expectExchange(res, FULL);
    expect(res.body).toMatchObject({ status: 'created', params: { role: 'cashier' } });
  });

  it('POST /api/invitations: 403 INVALID_ACCOUNT_TYPE', async () => {
    const user = await newUser();
    const res = await api('POST', '/api/invitations', {
      token: user.token,
      body: {
        type: 'account-membership',
        resourceId: user.individualAccountId,
        resourceType: 'account',
        recipientAlias: 'user@org.com',
        params: { role: 'cashier' },
      },
    });
    expectError(res, 403, 'INVALID_ACCOUNT_TYPE');
  });

  it('POST /api/invitations: 403 RECIPIENT_ALREADY_INVITED', async () => {
    expectError(await create('user@org.com'), 403, 'RECIPIENT_ALREADY_INVITED');
  });

  it('GET /api/invitations/code/{code}', async () => {
    const created = (await create('code@org.com')).body;
    expectExchange(await api('GET', `/api/invitations/code/${created.code}`, { key: org.apiKey }), BASE);
  });

  it('GET /api/accounts/{accountId}/invitations', async () => {
    await create('john.doe@org.com', 'account-owner');
    const res = await api('GET', `/api/accounts/${org.accountId}/invitations`, { key: org.apiKey });
    expectExchange(res, { items: [FULL] });
  });

  it('POST /api/invitations/{invitationId}/accept', async () => {
    const user = await newUser();
    const created = (await create(user.email)).body;
    const res = await api('POST', `/api/invitations/${created.id}/accept`, {
      token: user.token,
      body: { code: created.code, accountId: user.individualAccountId },
    });
    expectExchange(res, ACCEPTED);
    expect(res.body.accepted).toBe(true);
  });

  describe('POST /api/invitations/{invitationId}/accept: documented errors', () => {
    it('403 INVITATION_ALREADY_ACCEPTED', async () => {
      const user = await newUser();
      const created = (await create(user.email)).body;
      const body = { code: created.code, accountId: user.individualAccountId };
      await api('POST', `/api/invitations/${created.id}/accept`, { token: user.token, body });
      expectError(
        await api('POST', `/api/invitations/${created.id}/accept`, { token: user.token, body }),
        403,
        'INVITATION_ALREADY_ACCEPTED',
      );
    });

    it('403 RECIPIENT_ALIAS_MISMATCH', async () => {
      const user = await newUser();
      const created = (await create('someone-else@org.com')).body;
      const res = await api('POST', `/api/invitations/${created.id}/accept`, {
        token: user.token,
        body: { code: created.code, accountId: user.individualAccountId },
      });
      expectError(res, 403, 'RECIPIENT_ALIAS_MISMATCH');
    });

    it('403 INVITATION_REVOKED', async () => {
      const user = await newUser();
      const created = (await create(user.email)).body;
      await api('POST', `/api/invitations/${created.id}/revoke`, { key: org.apiKey });
      const res = await api('POST', `/api/invitations/${created.id}/accept`, {
        token: user.token,
        body: { code: created.code, accountId: user.individualAccountId },
      });
      expectError(res, 403, 'INVITATION_REVOKED');
    });

    it('403 INVITATION_EXPIRED (and revoke: 403 INVITATION_EXPIRED)', async () => {
      const account = await newAccount();
      const user = await newUser();
      const created = (await create(user.email, 'cashier', account)).body;
      await api('POST', `/api/accounts/${account.accountId}/test-clock`, {
        key: seed().operatorApiKey,
        body: { advanceSeconds: 24 * 3600 },
      });
      const res = await api('POST', `/api/invitations/${created.id}/accept`, {
        token: user.token,
        body: { code: created.code, accountId: user.individualAccountId },
      });
      expectError(res, 403, 'INVITATION_EXPIRED');
      expectError(
        await api('POST', `/api/invitations/${created.id}/revoke`, { key: account.apiKey }),
        403,
        'INVITATION_EXPIRED',
      );
    });
  });

  it('POST /api/invitations/{invitationId}/revoke', async () => {
    const created = (await create('revoke@org.com')).body;
    const res = await api('POST', `/api/invitations/${created.id}/revoke`, { key: org.apiKey });
    expectExchange(res, FULL);
    expect(res.body.status).toBe('revoked');
  });

  it('POST /api/invitations/{invitationId}/revoke: 403 INVITATION_ACCEPTED', async () => {
    const user = await newUser();
    const created = (await create(user.email)).body;
    await api('POST', `/api/invitations/${created.id}/accept`, {
      token: user.token,
      body: { code: created.code, accountId: user.individualAccountId },
    });
    expectError(
      await api('POST', `/api/invitations/${created.id}/revoke`, { key: org.apiKey }),
      403,
      'INVITATION_ACCEPTED',
    );
  });
});
