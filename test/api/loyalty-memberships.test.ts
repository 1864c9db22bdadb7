import { api, FORBIDDEN, newAccount, type TestAccount } from '../support/api';
import { newBankAccount, statementCode, uniqueBankNumber } from '../support/bank';
import { join, newActiveProgram } from '../support/loyalty';
import { newLoyaltyProgram, ok, written } from '../support/value';

const refused = (message: string) => ({ ...FORBIDDEN, message });
const programOf = async (owner: TestAccount, id: string) =>
  (await api('GET', `/api/loyalty-programs/${id}`, { key: owner.apiKey })).body;
const membersOf = async (owner: TestAccount, id: string, query = '') =>
  (await api('GET', `/api/loyalty-programs/${id}/memberships${query}`, { key: owner.apiKey })).body;

/** A bank account of the account at a bank (its number's first two digits), verified with its statement's code. */
async function bankAccountAt(account: TestAccount, bankCode: string, verify: boolean) {
  // The shared fixture's number, at another bank.
  const number = `${bankCode}${uniqueBankNumber().slice(2)}`;
  const bank = await newBankAccount(account, { bankAccountNumber: number });
  if (verify) {
    const code = await statementCode(bank.bankAccountNumber, 'verification');
    await ok(
      api('POST', `/api/bank-accounts/${bank.id}/verify`, { key: account.apiKey, body: { verificationCode: code } }),
    );
  }
}

describe('loyalty program memberships', () => {
  let owner: TestAccount;
  beforeAll(async () => {
    owner = await newAccount();
  });

  it('joins an active program once: the membership carries the program, memberCount counts it', async () => {
    const program = await newActiveProgram(owner, { name: 'Bean Club', description: 'Beans for regulars' });
    const member = await newAccount({ type: 'individual' });
    const res = await join(program.id, member);
    expect(res.body).toEqual({
      id: expect.any(String),
      accountId: member.accountId,
      programId: program.id,
      name: 'Bean Club',
      description: 'Beans for regulars',
      status: 'active',
      createdAt: expect.any(String),
      createdBy: expect.stringMatching(/^crn:/),
      test: true,
    });
    expect((await programOf(owner, program.id)).memberCount).toBe('1');
    expect(await membersOf(owner, program.id)).toEqual({ items: [res.body] });

    const again = await join(program.id, member);
    expect(again.body).toEqual(refused('MEMBERSHIP_ALREADY_EXISTS'));
    expect(written(again)).toEqual([]);
    expect((await programOf(owner, program.id)).memberCount).toBe('1');
  });

  it('takes no members in a draft (LOYALTY_PROGRAM_INACTIVE); an unlisted program is joined by its id', async () => {
    const draft = await newLoyaltyProgram(owner);
    const member = await newAccount();
    const res = await join(draft.id, member);
    expect(res.body).toEqual(refused('LOYALTY_PROGRAM_INACTIVE'));
    expect(written(res)).toEqual([]);
    expect((await programOf(owner, draft.id)).memberCount).toBe('0');

    const unlisted = await newActiveProgram(owner);
    await ok(
      api('PUT', `/api/loyalty-programs/${unlisted.id}/visibility`, {
        key: owner.apiKey,
        body: { visibility: 'unlisted' },
      }),
    );
    expect((await join(unlisted.id, member)).status).toBe(200);
    expect((await programOf(owner, unlisted.id)).memberCount).toBe('1');
  });

  it('refuses a live account in a test program (LOYALTY_PROGRAM_ACCOUNT_LIVENESS_MISMATCH)', async () => {
    const program = await newActiveProgram(owner);
    const live = await newAccount({ test: false });
    const res = await join(program.id, live);
    expect(res.body).toEqual(refused('LOYALTY_PROGRAM_ACCOUNT_LIVENESS_MISMATCH'));
    expect(written(res)).toEqual([]);
  });

  it('checks asset ownership: an active wallet of the asset type (JOIN_CONDITIONS_NOT_MET until then)', async () => {
    const program = await newActiveProgram(owner, {
      joinConditions: [{ type: 'asset-ownership', params: { assetType: 'svc.nzd.test' } }],
    });
    const member = await newAccount();
    const before = await join(program.id, member);
    expect(before.body).toEqual(refused('JOIN_CONDITIONS_NOT_MET'));
    expect(written(before)).toEqual([]);
    await ok(
      api('POST', '/api/wallet-assets', {
        key: member.apiKey,
        body: { accountId: member.accountId, ledgerId: 'svc.nzd.test' },
      }),
    );
    expect((await join(program.id, member)).status).toBe(200);
  });

  it('checks bank account ownership: a verified bank account at the named bank', async () => {
    const program = await newActiveProgram(owner, {
      joinConditions: [{ type: 'bank-account-ownership', params: { bank: 'kiwibank' } }],
    });
    const member = await newAccount();
    await bankAccountAt(member, '38', false);
    await bankAccountAt(member, '12', true);
    // Kiwibank's, but not verified; verified, but ASB's.
    expect((await join(program.id, member)).body).toEqual(refused('JOIN_CONDITIONS_NOT_MET'));
    await bankAccountAt(member, '38', true);
    expect((await join(program.id, member)).status).toBe(200);
  });

  it('refuses a bank it does not know in a join condition (400 naming the field)', async () => {
    const res = await api('POST', '/api/loyalty-programs', {
      key: owner.apiKey,
      body: {
        name: 'X',
        accountId: owner.accountId,
        joinConditions: [{ type: 'bank-account-ownership', params: { bank: 'piggybank' } }],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/bank/);
  });

  it('counts 30 concurrent joins exactly and lists them in pages', async () => {
    const program = await newActiveProgram(owner);
    const members = await Promise.all(Array.from({ length: 30 }, () => newAccount({ type: 'individual' })));
    const results = await Promise.all(members.map((m) => join(program.id, m)));
    expect(results.map((r) => r.status)).toEqual(members.map(() => 200));
    expect((await programOf(owner, program.id)).memberCount).toBe('30');
    const first = await membersOf(owner, program.id, '?paginationLimit=20');
    const second = await membersOf(
      owner,
      program.id,
      `?paginationLimit=20&pageKey=${encodeURIComponent(first.nextPageKey)}`,
    );
    const listed = [...first.items, ...second.items].map((m: { accountId: string }) => m.accountId);
    expect(second.nextPageKey).toBeUndefined();
    expect(listed.sort()).toEqual(members.map((m) => m.accountId).sort());
  }, 120_000);

  it('joins only with the caller’s own account; only the program’s owner lists its members', async () => {
    const program = await newActiveProgram(owner);
    const [member, stranger] = await Promise.all([newAccount(), newAccount()]);
    const res = await api('POST', `/api/loyalty-programs/${program.id}/memberships`, {
      key: stranger.apiKey,
      body: { accountId: member.accountId },
    });
    expect(res.body).toEqual(FORBIDDEN);
    expect(written(res)).toEqual([]);
    await ok(join(program.id, member));
    expect((await api('GET', `/api/loyalty-programs/${program.id}/memberships`, { key: member.apiKey })).body).toEqual(
      FORBIDDEN,
    );
    const missing = await api('POST', `/api/loyalty-programs/${program.id}/memberships`, {
      key: member.apiKey,
      body: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/accountId/);
  });
});

describe('the limit on memberships', () => {
  it('lets one account belong to 100 programs (LOYALTY_MEMBERSHIP_LIMIT_EXCEEDED past it)', async () => {
    const [owner, member] = await Promise.all([newAccount(), newAccount()]);
    const programs: string[] = [];
    for (let i = 0; i < 101; i += 10)
      programs.push(
        ...(await Promise.all(Array.from({ length: Math.min(10, 101 - i) }, () => newActiveProgram(owner)))).map(
          (p) => p.id,
        ),
      );
    for (let i = 0; i < 100; i += 10)
      expect((await Promise.all(programs.slice(i, i + 10).map((id) => join(id, member)))).map((r) => r.status)).toEqual(
        Array(10).fill(200),
      );
    const over = await join(programs[100], member);
    expect(over.body).toEqual(refused('LOYALTY_MEMBERSHIP_LIMIT_EXCEEDED'));
    expect(written(over)).toEqual([]);
    expect((await programOf(owner, programs[100])).memberCount).toBe('0');
  }, 300_000);
});
