/** Docs page "Loyalty Programs": src/content/api/loyalty-programs.mdoc and its example exchanges. */
import { api, newAccount, type TestAccount } from '../support/api';
import { logoForm } from '../support/media';
import { CAFE_DESCRIPTION, cafeOwner } from '../support/loyalty';
import { newLoyaltyProgram, ok } from '../support/value';
import { B, expectError, expectExchange, S, type ShapeObject } from './support';

const PROGRAM: ShapeObject = {
  id: S,
  name: S,
  description: S,
  mediaUploadId: S,
  img: S,
  accountId: S,
  createdAt: S,
  createdBy: S,
  test: B,
  status: S,
  memberCount: S,
  visibility: S,
};

const DESCRIPTION = CAFE_DESCRIPTION;

let owner: TestAccount;
let logo: string;
let details: Record<string, string>;
beforeAll(async () => {
  ({ owner, logo, details } = await cafeOwner());
}, 30_000);

const program = () => newLoyaltyProgram(owner, details);

describe('Loyalty Programs: documented example exchanges', () => {
  it('POST /api/loyalty-programs', async () => {
    const res = await api('POST', '/api/loyalty-programs', {
      key: owner.apiKey,
      body: {
        name: 'Centrapay Cafe Loyalty Program',
        description: DESCRIPTION,
        mediaUploadId: logo,
        accountId: owner.accountId,
        joinConditions: [{ type: 'asset-ownership', params: { assetType: 'svc.nzd.main' } }],
      },
    });
    expectExchange(res, { ...PROGRAM, joinConditions: [{ type: S, params: { assetType: S } }] });
    expect({ status: res.body.status, memberCount: res.body.memberCount, visibility: res.body.visibility }).toEqual({
      status: 'draft',
      memberCount: '0',
      visibility: 'public',
    });
  });

  it('GET /api/accounts/{accountId}/loyalty-programs', async () => {
    const lister = await newAccount();
    const upload = await ok(api('POST', '/api/media-uploads', { key: lister.apiKey, form: logoForm() }));
    await newLoyaltyProgram(lister, { description: DESCRIPTION, mediaUploadId: upload.id });
    const second = await newLoyaltyProgram(lister, { description: DESCRIPTION, mediaUploadId: upload.id });
    await ok(api('POST', `/api/loyalty-programs/${second.id}/activate`, { key: lister.apiKey }));
    await ok(
      api('PUT', `/api/loyalty-programs/${second.id}/visibility`, {
        key: lister.apiKey,
        body: { visibility: 'unlisted' },
      }),
    );
    const res = await api('GET', `/api/accounts/${lister.accountId}/loyalty-programs`, { key: lister.apiKey });
    expectExchange(res, { items: [PROGRAM] });
    expect(res.body.items.map((p: { status: string; visibility: string }) => [p.status, p.visibility])).toEqual([
      ['active', 'unlisted'],
      ['draft', 'public'],
    ]);
  });

  it('GET /api/loyalty-programs/{loyaltyProgramId}', async () => {
    const made = await program();
    expectExchange(await api('GET', `/api/loyalty-programs/${made.id}`, { key: owner.apiKey }), PROGRAM);
  });

  it(
    'POST /api/loyalty-programs/{loyaltyProgramId}/activate ' + '(the example path; the page heading omits /activate)',
    async () => {
      const made = await program();
      const res = await api('POST', `/api/loyalty-programs/${made.id}/activate`, { key: owner.apiKey });
      expectExchange(res, PROGRAM);
      expect(res.body.status).toBe('active');
    },
  );

  it('PUT /api/loyalty-programs/{id}/visibility', async () => {
    const made = await program();
    const res = await api('PUT', `/api/loyalty-programs/${made.id}/visibility`, {
      key: owner.apiKey,
      body: { visibility: 'public' },
    });
    expectExchange(res, PROGRAM);
    expect(res.body.visibility).toBe('public');
  });
});

describe('Loyalty Programs: documented errors', () => {
  it('an account not of type org: 403 INVALID_ACCOUNT_TYPE', async () => {
    const individual = await newAccount({ type: 'individual' });
    expectError(
      await api('POST', '/api/loyalty-programs', {
        key: individual.apiKey,
        body: { name: 'Mine', accountId: individual.accountId },
      }),
      403,
      'INVALID_ACCOUNT_TYPE',
    );
  });
});
