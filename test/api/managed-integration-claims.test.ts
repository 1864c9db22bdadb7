import { api, FORBIDDEN, newAccount, type TestAccount } from '../support/api';
import { advanceClock, DAY } from '../support/clock';
import { ok, uniqueKey, written } from '../support/value';

/**
 * A partner business enabled waits, `pending`, for the business to claim it with the invitation it
 * carries; accepting the invitation claims it for the accepting account.
 */
jest.setTimeout(30_000);

const BUSINESS = {
  partnerBusinessId: 'pb-1',
  companyName: 'Cafe Group Ltd',
  primaryContactName: 'Ana',
  primaryContactEmail: 'ana@cafe.example',
};
const path = (externalId: string) => `/api/managed-integrations/partner-business/${externalId}`;
const put = (caller: TestAccount, externalId: string, body: Record<string, unknown>) =>
  api('PUT', path(externalId), { key: caller.apiKey, body });
const get = (caller: TestAccount, externalId: string) => api('GET', path(externalId), { key: caller.apiKey });
const list = (caller: TestAccount, accountId = caller.accountId) =>
  api('GET', `/api/accounts/${accountId}/managed-integrations`, { key: caller.apiKey });
const accept = (claimant: TestAccount, invitation: { id: string; code: string }, code = invitation.code) =>
  api('POST', `/api/invitations/${invitation.id}/accept`, {
    key: claimant.apiKey,
    body: { code, accountId: claimant.accountId },
  });
const refused = (message: string) => ({ ...FORBIDDEN, message });

async function pending(partner: TestAccount) {
  const externalId = uniqueKey('pb');
  return { externalId, integration: await ok(put(partner, externalId, { enabled: true, params: BUSINESS })) };
}

describe('claiming a managed integration', () => {
  let partner: TestAccount;
  let business: TestAccount;
  beforeAll(async () => {
    [partner, business] = await Promise.all([newAccount(), newAccount()]);
  });

  it('enabling a partner business issues its invitation to claim, open for a day, kept while it waits', async () => {
    const { externalId, integration } = await pending(partner);
    expect(integration).toMatchObject({
      status: 'pending',
      inProgress: false,
      invitation: { id: expect.any(String), code: expect.any(String) },
    });
    expect(Date.parse(integration.invitation.expiresAt) - Date.parse(integration.createdAt)).toBe(DAY * 1000);
    expect(integration).not.toHaveProperty('claimedByAccountId');
    const invitation = await ok(
      api('GET', `/api/invitations/code/${integration.invitation.code}`, { key: business.apiKey }),
    );
    expect(invitation).toMatchObject({
      id: integration.invitation.id,
      type: 'managed-integration',
      resourceType: 'managed-integration',
      resourceId: integration.id,
      status: 'created',
    });
    expect(invitation).not.toHaveProperty('recipientAlias');
    const again = await ok(
      put(partner, externalId, { enabled: true, params: { ...BUSINESS, companyName: 'Renamed Ltd' } }),
    );
    expect(again.invitation).toEqual(integration.invitation);
    // Never enabled, or a payment referral: nothing to claim.
    expect(await ok(put(partner, uniqueKey('pb'), { enabled: false, params: BUSINESS }))).not.toHaveProperty(
      'invitation',
    );
  });

  it('another account cannot read the integration before claiming it', async () => {
    const { externalId, integration } = await pending(partner);
    expect((await get(business, externalId)).body).toEqual(FORBIDDEN);
    expect((await list(business, partner.accountId)).body).toEqual(FORBIDDEN);
    expect((await ok(list(business))).items.map((i: { id: string }) => i.id)).not.toContain(integration.id);
  });

  it(
    'accepting claims it for the accepting account: claimed fields and provisioning, nothing else changed, in one ' +
      'transaction with the acceptance',
    async () => {
      const { externalId, integration } = await pending(partner);
      const res = await accept(business, integration.invitation);
      expect(res.body).toMatchObject({
        id: integration.invitation.id,
        accepted: true,
        acceptedByAccountId: business.accountId,
        acceptedBy: expect.stringMatching(`^crn:${business.accountId}:api-key:`),
      });
      const { acceptedAt, acceptedBy } = res.body;
      const claimed = {
        ...integration,
        status: 'provisioning',
        inProgress: true,
        claimedByAccountId: business.accountId,
        claimedBy: acceptedBy,
        claimedAt: acceptedAt,
        updatedAt: acceptedAt,
        updatedBy: acceptedBy,
      };
      expect((await get(partner, externalId)).body).toEqual(claimed);
      // The claimant sees it among its account's integrations; the partner still manages it.
      expect((await ok(list(business))).items).toEqual([claimed]);
      expect((await ok(list(partner))).items).toContainEqual(claimed);
      expect(
        written(res)
          .map((k) => k.PK.split('#')[0])
          .sort(),
      ).toEqual(['INVITATION', 'MANAGEDINTEGRATION', 'MANAGEDINTEGRATIONCLAIM']);

      const twice = await accept(business, integration.invitation);
      expect({ body: twice.body, written: written(twice) }).toEqual({
        body: refused('INVITATION_ALREADY_ACCEPTED'),
        written: [],
      });
      expect((await get(partner, externalId)).body).toEqual(claimed);
    },
  );

  it(
    'a claimed integration keeps its claim through the partner’s updates, shown alike to the claimant; enabled ' +
      'again it is provisioned at once',
    async () => {
      const { externalId, integration } = await pending(partner);
      const claimant = await newAccount();
      await ok(accept(claimant, integration.invitation));
      const disabled = await ok(
        put(partner, externalId, { enabled: false, params: { ...BUSINESS, tradingName: 'Cafe' } }),
      );
      expect(disabled).toMatchObject({
        status: 'inactive',
        claimedByAccountId: claimant.accountId,
        invitation: integration.invitation,
      });
      expect((await ok(list(claimant))).items).toEqual([disabled]);
      expect(await ok(put(partner, externalId, { enabled: true, params: BUSINESS }))).toMatchObject({
        status: 'provisioning',
        inProgress: true,
        invitation: integration.invitation,
      });
    },
  );

  it('claims once under concurrent accepts', async () => {
    const { externalId, integration } = await pending(partner);
    const claimants = await Promise.all([newAccount(), newAccount(), newAccount()]);
    const results = await Promise.all(claimants.map((c) => accept(c, integration.invitation)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200))
      expect(r.body).toEqual(refused('INVITATION_ALREADY_ACCEPTED'));
    const winner = results.find((r) => r.status === 200)!.body.acceptedByAccountId;
    expect((await get(partner, externalId)).body.claimedByAccountId).toBe(winner);
  });

  it(
    'an expired invitation is refused (INVITATION_EXPIRED); ' + 'a write while still pending issues a fresh one',
    async () => {
      const owner = await newAccount();
      const { externalId, integration } = await pending(owner);
      await advanceClock(owner.accountId, DAY);
      const late = await accept(business, integration.invitation);
      expect({ body: late.body, written: written(late) }).toEqual({ body: refused('INVITATION_EXPIRED'), written: [] });
      const renewed = await ok(put(owner, externalId, { enabled: true, params: BUSINESS }));
      expect(renewed.invitation.id).not.toBe(integration.invitation.id);
      expect(renewed.status).toBe('pending');
      expect((await accept(business, renewed.invitation)).status).toBe(200);
      expect((await get(owner, externalId)).body).toMatchObject({
        status: 'provisioning',
        claimedByAccountId: business.accountId,
      });
    },
  );

  it(
    'an integration disabled before its claim no longer stands by the invitation (INVITATION_REVOKED); a wrong ' +
      'code is FORBIDDEN',
    async () => {
      const { externalId, integration } = await pending(partner);
      const wrong = await accept(business, integration.invitation, 'WrongCodezzzzzzzzzzzzz');
      expect({ body: wrong.body, written: written(wrong) }).toEqual({ body: FORBIDDEN, written: [] });
      await ok(put(partner, externalId, { enabled: false, params: BUSINESS }));
      const res = await accept(business, integration.invitation);
      expect({ body: res.body, written: written(res) }).toEqual({ body: refused('INVITATION_REVOKED'), written: [] });
      expect((await get(partner, externalId)).body).toMatchObject({ status: 'inactive' });
    },
  );

  it(
    'the partner may revoke the invitation (INVITATION_REVOKED on accept); a write while pending issues a fresh ' +
      'one',
    async () => {
      const { externalId, integration } = await pending(partner);
      await ok(api('POST', `/api/invitations/${integration.invitation.id}/revoke`, { key: partner.apiKey }));
      const res = await accept(business, integration.invitation);
      expect({ body: res.body, written: written(res) }).toEqual({ body: refused('INVITATION_REVOKED'), written: [] });
      const renewed = await ok(put(partner, externalId, { enabled: true, params: BUSINESS }));
      expect(renewed.invitation.id).not.toBe(integration.invitation.id);
      expect((await accept(business, renewed.invitation)).status).toBe(200);
    },
  );

  it('the claim is for an account of the caller’s own; POST /api/invitations does not issue claims', async () => {
    const { integration } = await pending(partner);
    const foreign = await api('POST', `/api/invitations/${integration.invitation.id}/accept`, {
      key: business.apiKey,
      body: { code: integration.invitation.code, accountId: partner.accountId },
    });
    expect({ body: foreign.body, written: written(foreign) }).toEqual({ body: FORBIDDEN, written: [] });
    const create = await api('POST', '/api/invitations', {
      key: partner.apiKey,
      body: {
        type: 'managed-integration',
        resourceType: 'managed-integration',
        resourceId: integration.id,
        recipientAlias: 'a@b.example',
        params: {},
      },
    });
    expect(create.status).toBe(400);
  });
});
