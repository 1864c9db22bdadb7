/** Docs page "Asset Program Memberships": src/content/api/asset-program-memberships.mdoc and its example exchanges. */
import { api, newAccount, type TestAccount, type Json } from '../support/api';
import { newAssetProgram, newMembership } from '../support/asset-programs';
import { newBankAccount } from '../support/bank';
import { collectionManager, ok } from '../support/value';
import { B, expectError, expectExchange, S, type ShapeObject } from './support';

/** The documented membership; `approvedAt` is `null` until approval (checked apart: a shape has no null type). */
const MEMBERSHIP: ShapeObject = {
  id: S,
  accountId: S,
  assetProgramId: S,
  status: S,
  test: B,
  createdAt: S,
  createdBy: S,
  updatedAt: S,
  updatedBy: S,
  tosAcceptedAt: S,
};
const APPROVED: ShapeObject = { ...MEMBERSHIP, approvedAt: S };
const WITH_BILLING: ShapeObject = { ...APPROVED, billingBankAccountId: S };

let issuer: TestAccount;
let member: TestAccount;
let program: Json;
beforeAll(async () => {
  [issuer, member] = await Promise.all([collectionManager(), newAccount()]);
  program = await newAssetProgram(issuer);
}, 30_000);

/** A membership of a new account, accepted by it and approved by the program's owner. */
async function approvedMembership(): Promise<{ owner: TestAccount; membership: Json }> {
  const owner = await newAccount();
  const membership = await newMembership(owner, program.id, { accept: true });
  return {
    owner,
    membership: await ok(
      api('POST', `/api/asset-program-memberships/${membership.id}/approve`, { key: issuer.apiKey }),
    ),
  };
}

describe('Asset Program Memberships: documented example exchanges', () => {
  it('POST /api/asset-program-memberships (accept true, approve false)', async () => {
    const bank = await newBankAccount(member);
    const res = await api('POST', '/api/asset-program-memberships', {
      key: member.apiKey,
      body: {
        assetProgramId: program.id,
        accountId: member.accountId,
        accept: true,
        approve: false,
        billingBankAccountId: bank.id,
      },
    });
    expectExchange(res, { ...MEMBERSHIP, billingBankAccountId: S });
    expect({ status: res.body.status, approvedAt: res.body.approvedAt }).toEqual({
      status: 'accepted',
      approvedAt: null,
    });
  });

  it('GET /api/asset-program-memberships/{id}', async () => {
    const { owner, membership } = await approvedMembership();
    expectExchange(
      await api('GET', `/api/asset-program-memberships/${membership.id}`, { key: owner.apiKey }),
      WITH_BILLING,
    );
  });

  it('GET /api/asset-programs/{id}/asset-program-memberships?status=approved: a page and the next', async () => {
    await approvedMembership();
    await approvedMembership();
    const path = `/api/asset-programs/${program.id}/asset-program-memberships?status=approved&paginationLimit=1`;
    const first = await api('GET', path, { key: issuer.apiKey });
    expectExchange(first, { items: [APPROVED], nextPageKey: S });
    const next = await api('GET', `${path}&pageKey=${encodeURIComponent(first.body.nextPageKey)}`, {
      key: issuer.apiKey,
    });
    expectExchange(next, { items: [APPROVED], nextPageKey: S });
  });

  it('GET /api/accounts/{id}/asset-program-memberships: a page and the next', async () => {
    const { owner } = await approvedMembership();
    const other = await newAssetProgram(issuer);
    await ok(
      api(
        'POST',
        `/api/asset-program-memberships/${(await newMembership(owner, other.id, { accept: true })).id}/approve`,
        { key: issuer.apiKey },
      ),
    );
    const path = `/api/accounts/${owner.accountId}/asset-program-memberships?paginationLimit=1`;
    const first = await api('GET', path, { key: owner.apiKey });
    expectExchange(first, { items: [APPROVED], nextPageKey: S });
    expectExchange(
      await api('GET', `${path}&pageKey=${encodeURIComponent(first.body.nextPageKey)}`, { key: owner.apiKey }),
      { items: [APPROVED] },
    );
  });

  it('POST /api/asset-program-memberships/{id}/accept', async () => {
    const owner = await newAccount();
    const membership = await newMembership(owner, program.id);
    const res = await api('POST', `/api/asset-program-memberships/${membership.id}/accept`, { key: owner.apiKey });
    expectExchange(res, MEMBERSHIP);
    expect({ status: res.body.status, approvedAt: res.body.approvedAt }).toEqual({
      status: 'accepted',
      approvedAt: null,
    });
  });

  it('POST /api/asset-program-memberships/{id}/approve (the program owner)', async () => {
    const membership = await newMembership(await newAccount(), program.id, { accept: true });
    const res = await api('POST', `/api/asset-program-memberships/${membership.id}/approve`, { key: issuer.apiKey });
    expectExchange(res, APPROVED);
    expect(res.body.status).toBe('approved');
  });

  it('POST /api/asset-program-memberships/{id}/set-billing-bank-account', async () => {
    const { owner, membership } = await approvedMembership();
    const bank = await newBankAccount(owner);
    const res = await api('POST', `/api/asset-program-memberships/${membership.id}/set-billing-bank-account`, {
      key: owner.apiKey,
      body: { billingBankAccountId: bank.id },
    });
    expectExchange(res, WITH_BILLING);
    expect(res.body.billingBankAccountId).toBe(bank.id);
  });
});

describe('Asset Program Memberships: documented errors', () => {
  it('an account not of type org: 403 ACCOUNT_TYPE_INVALID', async () => {
    const individual = await newAccount({ type: 'individual' });
    const bank = await newBankAccount(individual);
    const res = await api('POST', '/api/asset-program-memberships', {
      key: individual.apiKey,
      body: { assetProgramId: program.id, accountId: individual.accountId, billingBankAccountId: bank.id },
    });
    expectError(res, 403, 'ACCOUNT_TYPE_INVALID');
  });

  it('a live account joining a test program: 403 LIVENESS_MISMATCH', async () => {
    const live = await newAccount({ test: false });
    const bank = await newBankAccount(live);
    const res = await api('POST', '/api/asset-program-memberships', {
      key: live.apiKey,
      body: { assetProgramId: program.id, accountId: live.accountId, billingBankAccountId: bank.id },
    });
    expectError(res, 403, 'LIVENESS_MISMATCH');
  });
});
