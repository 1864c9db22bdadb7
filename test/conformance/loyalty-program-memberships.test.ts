/** Docs page "Loyalty Program Memberships": src/content/api/loyalty-program-memberships.mdoc and its examples. */
import { api, newAccount, type TestAccount } from '../support/api';
import { cafeOwner, join, newActiveProgram } from '../support/loyalty';
import { newLoyaltyProgram, ok } from '../support/value';
import { B, expectError, expectExchange, S, type ShapeObject } from './support';

const MEMBERSHIP: ShapeObject = {
  id: S,
  accountId: S,
  programId: S,
  name: S,
  description: S,
  status: S,
  mediaUploadId: S,
  img: S,
  createdAt: S,
  createdBy: S,
  test: B,
};

const SHAPE = MEMBERSHIP;

let owner: TestAccount;
let details: Record<string, string>;
beforeAll(async () => {
  ({ owner, details } = await cafeOwner());
}, 30_000);

const program = () => newActiveProgram(owner, details);

describe('Loyalty Program Memberships: documented example exchanges', () => {
  it('POST /api/loyalty-programs/{loyaltyProgramId}/memberships', async () => {
    const [made, member] = await Promise.all([program(), newAccount()]);
    const res = await api('POST', `/api/loyalty-programs/${made.id}/memberships`, {
      key: member.apiKey,
      body: { accountId: member.accountId },
    });
    expectExchange(res, SHAPE);
    expect({ status: res.body.status, programId: res.body.programId }).toEqual({
      status: 'active',
      programId: made.id,
    });
  });

  it('GET /api/loyalty-programs/{loyaltyProgramId}/memberships', async () => {
    const [made, member] = await Promise.all([program(), newAccount()]);
    await ok(join(made.id, member));
    const res = await api('GET', `/api/loyalty-programs/${made.id}/memberships`, { key: owner.apiKey });
    expectExchange(res, { items: [SHAPE] });
  });
});

describe('Loyalty Program Memberships: documented errors', () => {
  it('a second membership of the account: 403 MEMBERSHIP_ALREADY_EXISTS', async () => {
    const [made, member] = await Promise.all([program(), newAccount()]);
    await ok(join(made.id, member));
    expectError(await join(made.id, member), 403, 'MEMBERSHIP_ALREADY_EXISTS');
  });

  it('a live account in a test program: 403 LOYALTY_PROGRAM_ACCOUNT_LIVENESS_MISMATCH', async () => {
    const [made, live] = await Promise.all([program(), newAccount({ test: false })]);
    expectError(await join(made.id, live), 403, 'LOYALTY_PROGRAM_ACCOUNT_LIVENESS_MISMATCH');
  });

  it('a program not active: 403 LOYALTY_PROGRAM_INACTIVE', async () => {
    const [draft, member] = await Promise.all([newLoyaltyProgram(owner), newAccount()]);
    expectError(await join(draft.id, member), 403, 'LOYALTY_PROGRAM_INACTIVE');
  });

  it('join conditions not met: 403 JOIN_CONDITIONS_NOT_MET', async () => {
    const [made, member] = await Promise.all([
      newActiveProgram(owner, { joinConditions: [{ type: 'asset-ownership', params: { assetType: 'svc.nzd.test' } }] }),
      newAccount(),
    ]);
    expectError(await join(made.id, member), 403, 'JOIN_CONDITIONS_NOT_MET');
  });
});
