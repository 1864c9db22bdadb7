import { parseWrittenKeys, WRITTEN_KEYS_HEADER } from '../../functions/core/db/capacity';
import { MAX_DIRECT_DEBIT_ACCOUNTS, MAX_FAILED_VERIFICATIONS } from '../../functions/bank-accounts/bank-account-store';
import { recentStatementLines } from '../../functions/bank-accounts';
import { statementPageLink } from '../../functions/bank-accounts/statement';
import { api, FORBIDDEN, newAccount, type ApiResponse, type TestAccount } from '../support/api';
import { DIRECT_DEBIT, newBankAccount, statementCode, uniqueBankNumber } from '../support/bank';

const written = (res: ApiResponse) =>
  parseWrittenKeys(res.headers.get(WRITTEN_KEYS_HEADER)).filter((k) => !k.PK.startsWith('RATELIMIT#'));
const refused = (code: string) => ({ statusCode: 403, error: 'Forbidden', message: code });
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let owner: TestAccount;
let other: TestAccount;
beforeAll(async () => {
  [owner, other] = await Promise.all([newAccount(), newAccount()]);
});

const AUTHORITY = {
  fullName: 'Jo Tester',
  streetAddress: '1 Queen Street',
  suburb: 'CBD',
  city: 'Auckland',
  postCode: '1010',
  phoneNumber: '+6421000000',
  emailAddress: 'jo@example.com',
};

describe('bank accounts (current API)', () => {
  it('creates a bank account with a direct-debit authority, shown as the documented example', async () => {
    const number = uniqueBankNumber();
    const res = await api('POST', '/api/bank-accounts', {
      key: owner.apiKey,
      body: {
        accountId: owner.accountId,
        bankAccountNumber: number,
        bankAccountName: 'John Doe',
        directDebitAuthority: DIRECT_DEBIT,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{22}$/),
      accountId: owner.accountId,
      bankAccountNumber: number,
      bankAccountName: 'John Doe',
      directDebitAuthorized: true,
      status: 'created',
      verified: false,
      type: 'centrapay',
      bankRegion: 'nz',
      test: true,
      approvals: [],
      createdAt: expect.stringMatching(TIMESTAMP),
      createdBy: expect.stringMatching(/^crn:/),
      modifiedAt: expect.stringMatching(TIMESTAMP),
      modifiedBy: expect.stringMatching(/^crn:/),
    });
    expect((await api('GET', `/api/bank-accounts/${res.body.id}`, { key: owner.apiKey })).body).toEqual(res.body);
  });

  it('normalizes the number, so the same account typed differently is a DUPLICATE_BANK_ACCOUNT', async () => {
    const number = uniqueBankNumber();
    const created = await newBankAccount(owner, {
      bankAccountNumber: number.replace(/-/g, ' '),
      directDebitAuthority: undefined,
    });
    expect(created.bankAccountNumber).toBe(number);
    expect(created.directDebitAuthorized).toBe(false);
    const again = await api('POST', '/api/bank-accounts', {
      key: owner.apiKey,
      body: { accountId: owner.accountId, bankAccountNumber: number, bankAccountName: 'Again' },
    });
    expect(again.body).toEqual(refused('DUPLICATE_BANK_ACCOUNT'));
    expect(written(again)).toEqual([]);
  });

  it('lets at most two accounts hold one number: BANK_ACCOUNT_HOLDER_LIMIT_EXCEEDED', async () => {
    const number = uniqueBankNumber();
    const third = await newAccount();
    await newBankAccount(owner, { bankAccountNumber: number });
    await newBankAccount(other, { bankAccountNumber: number });
    const res = await api('POST', '/api/bank-accounts', {
      key: third.apiKey,
      body: { accountId: third.accountId, bankAccountNumber: number, bankAccountName: 'Third' },
    });
    expect(res.body).toEqual(refused('BANK_ACCOUNT_HOLDER_LIMIT_EXCEEDED'));
    expect(written(res)).toEqual([]);
  });

  const directDebitLimit =
    `allows ${MAX_DIRECT_DEBIT_ACCOUNTS} direct-debit bank accounts per account: ` +
    'BANK_ACCOUNT_LIMIT_EXCEEDED, DIRECT_DEBIT_LIMIT_EXCEEDED';
  it(directDebitLimit, async () => {
    const holder = await newAccount();
    await Promise.all(Array.from({ length: MAX_DIRECT_DEBIT_ACCOUNTS }, () => newBankAccount(holder)));
    const res = await api('POST', '/api/bank-accounts', {
      key: holder.apiKey,
      body: {
        accountId: holder.accountId,
        bankAccountNumber: uniqueBankNumber(),
        bankAccountName: 'One too many',
        directDebitAuthority: DIRECT_DEBIT,
      },
    });
    expect(res.body).toEqual(refused('BANK_ACCOUNT_LIMIT_EXCEEDED'));
    expect(written(res)).toEqual([]);
    // Without an authority it is taken, and adding one later meets the same limit.
    const plain = await newBankAccount(holder, { directDebitAuthority: undefined });
    const add = await api('POST', `/api/bank-accounts/${plain.id}/direct-debit-authorities`, {
      key: holder.apiKey,
      body: DIRECT_DEBIT,
    });
    expect(add.body).toEqual(refused('DIRECT_DEBIT_LIMIT_EXCEEDED'));
    expect(written(add)).toEqual([]);
  });

  it('adds a direct-debit authority once: DIRECT_DEBIT_ALREADY_AUTHORIZED', async () => {
    const plain = await newBankAccount(owner, { directDebitAuthority: undefined });
    const added = await api('POST', `/api/bank-accounts/${plain.id}/direct-debit-authorities`, {
      key: owner.apiKey,
      body: DIRECT_DEBIT,
    });
    expect(added.body).toMatchObject({ id: plain.id, directDebitAuthorized: true, verified: false });
    const again = await api('POST', `/api/bank-accounts/${plain.id}/direct-debit-authorities`, {
      key: owner.apiKey,
      body: DIRECT_DEBIT,
    });
    expect(again.body).toEqual(refused('DIRECT_DEBIT_ALREADY_AUTHORIZED'));
    expect(written(again)).toEqual([]);
  });

  it('verifies with the code on the statement: VERIFICATION_CODE_INVALID, BANK_ACCOUNT_ALREADY_VERIFIED', async () => {
    const account = await newBankAccount(owner);
    const code = await statementCode(account.bankAccountNumber, 'verification');
    const wrong = code === '0000' ? '0001' : '0000';
    expect(
      (
        await api('POST', `/api/bank-accounts/${account.id}/verify`, {
          key: owner.apiKey,
          body: { verificationCode: wrong },
        })
      ).body,
    ).toEqual(refused('VERIFICATION_CODE_INVALID'));
    const ok = await api('POST', `/api/bank-accounts/${account.id}/verify`, {
      key: owner.apiKey,
      body: { verificationCode: code },
    });
    expect(ok.body).toEqual({ verificationCode: code });
    expect((await api('GET', `/api/bank-accounts/${account.id}`, { key: owner.apiKey })).body).toMatchObject({
      verified: true,
      status: 'active',
    });
    const again = await api('POST', `/api/bank-accounts/${account.id}/verify`, {
      key: owner.apiKey,
      body: { verificationCode: code },
    });
    expect(again.body).toEqual(refused('BANK_ACCOUNT_ALREADY_VERIFIED'));
    expect(written(again)).toEqual([]);
  });

  const verificationLimit = [
    `stops verifying after ${MAX_FAILED_VERIFICATIONS} wrong codes:`,
    'BANK_ACCOUNT_VERIFICATION_ATTEMPTS_EXCEEDED',
  ].join(' ');
  it(verificationLimit, async () => {
    const account = await newBankAccount(owner);
    const code = await statementCode(account.bankAccountNumber);
    const wrong = code === '0000' ? '0001' : '0000';
    for (let i = 0; i < MAX_FAILED_VERIFICATIONS; i++) {
      expect(
        (
          await api('POST', `/api/bank-accounts/${account.id}/verify`, {
            key: owner.apiKey,
            body: { verificationCode: wrong },
          })
        ).body.message,
      ).toBe('VERIFICATION_CODE_INVALID');
    }
    const res = await api('POST', `/api/bank-accounts/${account.id}/verify`, {
      key: owner.apiKey,
      body: { verificationCode: code },
    });
    expect(res.body).toEqual(refused('BANK_ACCOUNT_VERIFICATION_ATTEMPTS_EXCEEDED'));
    expect(written(res)).toEqual([]);
  });

  it("refuses a code from another account's transaction on the same number: ACCOUNT_MISMATCH", async () => {
    const number = uniqueBankNumber();
    const mine = await newBankAccount(owner, { bankAccountNumber: number, directDebitAuthority: undefined });
    await newBankAccount(other, { bankAccountNumber: number });
    const theirs = await statementCode(number);
    const res = await api('POST', `/api/bank-accounts/${mine.id}/verify`, {
      key: owner.apiKey,
      body: { verificationCode: theirs },
    });
    expect(res.body).toEqual(refused('ACCOUNT_MISMATCH'));
    expect(written(res)).toEqual([]);
  });

  it("lists an account's bank accounts as a bare array, oldest first", async () => {
    const holder = await newAccount();
    const a = await newBankAccount(holder);
    const b = await newBankAccount(holder, { type: 'quartz' });
    const list = await api('GET', `/api/accounts/${holder.accountId}/bank-accounts`, { key: holder.apiKey });
    expect(list.body.map((x: { id: string }) => x.id)).toEqual([a.id, b.id]);
    expect((await api('GET', `/api/accounts/${holder.accountId}/bank-accounts`, { key: other.apiKey })).body).toEqual(
      FORBIDDEN,
    );
  });

  it('sets a preferred name and archives quartz bank accounts only: INVALID_BANK_ACCOUNT_TYPE', async () => {
    const quartz = await newBankAccount(owner, { type: 'quartz' });
    const named = await api('POST', `/api/bank-accounts/${quartz.id}/set-preferred-name`, {
      key: owner.apiKey,
      body: { preferredBankAccountName: 'Everyday Account' },
    });
    expect(named.body).toEqual({
      activityNumber: 1,
      createdAt: expect.stringMatching(TIMESTAMP),
      bankAccountId: quartz.id,
      type: 'set-preferred-bank-account-name',
      preferredBankAccountName: 'Everyday Account',
      createdBy: expect.stringMatching(/^crn:/),
    });
    expect(
      (
        await api('POST', `/api/bank-accounts/${quartz.id}/set-preferred-name`, {
          key: owner.apiKey,
          body: { preferredBankAccountName: 'Bills' },
        })
      ).body.activityNumber,
    ).toBe(2);
    const archived = await api('POST', `/api/bank-accounts/${quartz.id}/archive`, { key: owner.apiKey });
    expect(archived.body).toMatchObject({ id: quartz.id, status: 'archived', preferredBankAccountName: 'Bills' });
    // Archiving frees the number for the account.
    await newBankAccount(owner, { bankAccountNumber: quartz.bankAccountNumber });

    const plain = await newBankAccount(owner);
    for (const path of ['set-preferred-name', 'archive']) {
      const res = await api('POST', `/api/bank-accounts/${plain.id}/${path}`, {
        key: owner.apiKey,
        body: { preferredBankAccountName: 'x' },
      });
      expect(res.body).toEqual(refused('INVALID_BANK_ACCOUNT_TYPE'));
      expect(written(res)).toEqual([]);
    }
  });

  it(
    'numbers concurrent preferred names one each and archives once under concurrent archives: conflicts re-read, ' +
      'never a 500',
    async () => {
      const quartz = await newBankAccount(owner, { type: 'quartz' });
      const named = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          api('POST', `/api/bank-accounts/${quartz.id}/set-preferred-name`, {
            key: owner.apiKey,
            body: { preferredBankAccountName: `Name ${i}` },
          }),
        ),
      );
      expect(named.map((res) => res.status)).toEqual(Array(8).fill(200));
      expect(named.map((res) => res.body.activityNumber).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const archived = await Promise.all(
        Array.from({ length: 4 }, () => api('POST', `/api/bank-accounts/${quartz.id}/archive`, { key: owner.apiKey })),
      );
      expect(archived.map((res) => [res.status, res.body.status])).toEqual(Array(4).fill([200, 'archived']));
    },
  );

  it("refuses another account's bank account like a missing one on every route, writing nothing", async () => {
    const account = await newBankAccount(owner, { type: 'quartz', directDebitAuthority: undefined });
    const calls: [string, string, unknown][] = [
      ['GET', `/api/bank-accounts/${account.id}`, undefined],
      ['GET', `/api/bank-accounts/${account.id}/statement`, undefined],
      ['POST', `/api/bank-accounts/${account.id}/direct-debit-authorities`, DIRECT_DEBIT],
      ['POST', `/api/bank-accounts/${account.id}/verify`, { verificationCode: '1234' }],
      ['POST', `/api/bank-accounts/${account.id}/set-preferred-name`, { preferredBankAccountName: 'Mine now' }],
      ['POST', `/api/bank-accounts/${account.id}/archive`, undefined],
      ['GET', `/api/bank-authorities/${account.id}`, undefined],
      ['POST', `/api/bank-authorities/${account.id}/verify`, { verificationCode: '1234' }],
      [
        'POST',
        '/api/bank-accounts',
        { accountId: owner.accountId, bankAccountNumber: uniqueBankNumber(), bankAccountName: 'Planted' },
      ],
      [
        'POST',
        '/api/bank-authorities',
        { accountId: owner.accountId, bankAccountNumber: uniqueBankNumber(), bankAccountName: 'Planted', ...AUTHORITY },
      ],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, { key: other.apiKey, ...(body ? { body } : {}) });
      expect([path, res.body]).toEqual([path, FORBIDDEN]);
      expect(written(res)).toEqual([]);
    }
    expect((await api('GET', '/api/bank-accounts/zzNoSuchId0000000000000', { key: owner.apiKey })).body).toEqual(
      FORBIDDEN,
    );
    expect((await api('GET', `/api/bank-accounts/${account.id}`, { key: owner.apiKey })).body).toMatchObject({
      status: 'created',
      directDebitAuthorized: false,
    });
  });

  it('answers 400 naming the field for a malformed number or authority', async () => {
    const bad = await api('POST', '/api/bank-accounts', {
      key: owner.apiKey,
      body: { accountId: owner.accountId, bankAccountNumber: '12-34', bankAccountName: 'x' },
    });
    expect(bad.body).toMatchObject({ statusCode: 400, message: 'bankAccountNumber has an invalid format' });
    const partial = await api('POST', '/api/bank-accounts', {
      key: owner.apiKey,
      body: {
        accountId: owner.accountId,
        bankAccountNumber: uniqueBankNumber(),
        bankAccountName: 'x',
        directDebitAuthority: { fullName: 'Jo' },
      },
    });
    expect(partial.body).toMatchObject({ statusCode: 400, message: 'directDebitAuthority.phoneNumber is required' });
  });
});

describe("a test bank account's statement at the simulated bank", () => {
  const statement = (holder: TestAccount, id: string) =>
    api('GET', `/api/bank-accounts/${id}/statement`, { key: holder.apiKey });
  /** The page a link opens, fetched as a browser would (no API key). */
  const page = (url: string) => {
    const { pathname, search } = new URL(url);
    return api('GET', `${pathname}${search}`);
  };

  it('shows its owner the transactions and their codes, newest first, with a link to its page', async () => {
    const account = await newBankAccount(owner);
    const before = Date.now();
    const res = await statement(owner, account.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      bankAccountId: account.id,
      bankAccountNumber: account.bankAccountNumber,
      bankAccountName: 'Jo Tester',
      lines: [
        {
          kind: 'verification',
          amount: '0',
          currency: 'NZD',
          code: expect.stringMatching(/^[0-9]{4}$/),
          reference: expect.stringMatching(/^PLATFORM [0-9]{4}$/),
          createdAt: expect.stringMatching(TIMESTAMP),
        },
      ],
      pageUrl: expect.stringContaining(`/bank-statement/${account.id}?expires=`),
      pageUrlExpiresAt: expect.stringMatching(TIMESTAMP),
    });
    // The link lasts minutes, not longer.
    const lasts = Date.parse(res.body.pageUrlExpiresAt) - before;
    expect(lasts).toBeGreaterThan(0);
    expect(lasts).toBeLessThanOrEqual(16 * 60_000);
    // The code is the one the bank account is verified with.
    const code = res.body.lines[0].code;
    expect(code).toBe(await statementCode(account.bankAccountNumber));
    expect(written(res)).toEqual([]);
    const verified = await api('POST', `/api/bank-accounts/${account.id}/verify`, {
      key: owner.apiKey,
      body: { verificationCode: code },
    });
    expect(verified.status).toBe(200);

    const html = await page(res.body.pageUrl);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html.headers.get('cache-control')).toBe('no-store');
    const csp = html.headers.get('content-security-policy')!;
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)![1];
    expect(csp).toBe(
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; form-action 'self'; ` +
        "base-uri 'none'; frame-ancestors 'none'",
    );
    expect(html.body).toContain(`<td class="code">${code}</td>`);
    expect(html.body).toContain(account.bankAccountNumber);
    expect(html.body).not.toContain('<script');
  });

  it("shows each holder of a number only its own record's transactions", async () => {
    const number = uniqueBankNumber();
    const mine = await newBankAccount(owner, { bankAccountNumber: number });
    const theirs = await newBankAccount(other, { bankAccountNumber: number });
    const [a, b] = await Promise.all([statement(owner, mine.id), statement(other, theirs.id)]);
    expect([a.body.lines.length, b.body.lines.length]).toEqual([1, 1]);
    const lines = await recentStatementLines(number, new Date());
    expect(a.body.lines[0].code).toBe(lines.find((line) => line.accountId === owner.accountId)!.code);
    expect(b.body.lines[0].code).toBe(lines.find((line) => line.accountId === other.accountId)!.code);
    // Each page holds only its own lines: the other record's code is nowhere on it.
    const page0 = await page(a.body.pageUrl);
    expect(page0.body).toContain(`<td class="code">${a.body.lines[0].code}</td>`);
    if (a.body.lines[0].code !== b.body.lines[0].code)
      expect(page0.body).not.toContain(`<td class="code">${b.body.lines[0].code}</td>`);
  });

  it('has none for a live bank account: LIVE_BANK_STATEMENT_UNAVAILABLE, nothing written', async () => {
    const live = await newAccount({ test: false });
    const account = await newBankAccount(live);
    const res = await statement(live, account.id);
    expect(res.body).toEqual(refused('LIVE_BANK_STATEMENT_UNAVAILABLE'));
    expect(written(res)).toEqual([]);
  });

  const opens = "opens only with the owner's unexpired link for this bank account: else a refusal page, nothing shown";
  it(opens, async () => {
    const [account, another] = await Promise.all([newBankAccount(owner), newBankAccount(owner)]);
    const url = new URL((await statement(owner, account.id)).body.pageUrl);
    const token = url.searchParams.get('token')!;
    const expires = url.searchParams.get('expires')!;
    const lapsed = await statementPageLink(account.id, new Date(Date.now() - 20 * 60_000));
    const tries: [string, string][] = [
      ['no token', `${url.pathname}?expires=${expires}`],
      ['no expiry', `${url.pathname}?token=${token}`],
      ['a forged token', `${url.pathname}?expires=${expires}&token=${'A'.repeat(43)}`],
      ['a later expiry', `${url.pathname}?expires=${Number(expires) + 3600}&token=${token}`],
      ['another bank account', `/bank-statement/${another.id}?expires=${expires}&token=${token}`],
      ['an expired link', `${new URL(lapsed.url).pathname}${new URL(lapsed.url).search}`],
    ];
    for (const [what, path] of tries) {
      const res = await api('GET', path);
      expect([what, res.status]).toEqual([what, 403]);
      expect(res.body).toContain('Link not valid');
      expect(res.body).not.toContain('<td class="code">');
      expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    }
  });
});

describe('bank authorities (deprecated), over the same stored bank account', () => {
  it('creates, gets, lists and verifies a bank authority; the current API sees the same bank account', async () => {
    const holder = await newAccount();
    const number = uniqueBankNumber();
    const created = await api('POST', '/api/bank-authorities', {
      key: holder.apiKey,
      body: { accountId: holder.accountId, bankAccountNumber: number, bankAccountName: 'John Doe', ...AUTHORITY },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      accountId: holder.accountId,
      bankAccountNumber: number,
      bankAccountName: 'John Doe',
      ...AUTHORITY,
      status: 'created',
      verified: false,
      directDebitAuthorized: true,
      approvals: [],
      createdAt: expect.stringMatching(TIMESTAMP),
      createdBy: expect.stringMatching(/^crn:/),
      modifiedAt: expect.stringMatching(TIMESTAMP),
      modifiedBy: expect.stringMatching(/^crn:/),
    });
    expect((await api('GET', `/api/bank-authorities/${created.body.id}`, { key: holder.apiKey })).body).toEqual(
      created.body,
    );
    expect((await api('GET', `/api/bank-accounts/${created.body.id}`, { key: holder.apiKey })).body).toMatchObject({
      id: created.body.id,
      directDebitAuthorized: true,
      type: 'centrapay',
    });

    const code = await statementCode(number);
    expect(
      (
        await api('POST', `/api/bank-authorities/${created.body.id}/verify`, {
          key: holder.apiKey,
          body: { verificationCode: code },
        })
      ).body,
    ).toEqual({ verificationCode: code });
    const list = await api('GET', '/api/bank-authorities', { key: holder.apiKey });
    expect(list.body).toEqual([
      {
        id: created.body.id,
        accountId: holder.accountId,
        bankAccountNumber: number,
        bankAccountName: 'John Doe',
        status: 'active',
        verified: true,
        directDebitAuthorized: true,
        approvals: [],
        createdAt: created.body.createdAt,
      },
    ]);
    expect(
      (await api('GET', '/api/bank-authorities', { key: other.apiKey })).body.map((a: { id: string }) => a.id),
    ).not.toContain(created.body.id);
    expect(
      (
        await api('POST', `/api/bank-accounts/${created.body.id}/verify`, {
          key: holder.apiKey,
          body: { verificationCode: code },
        })
      ).body,
    ).toEqual(refused('BANK_ACCOUNT_ALREADY_VERIFIED'));
  });

  it(
    'answers its own limit codes: BANK_AUTHORITIES_FOR_BANK_ACCOUNT_EXCEEDED, ' + 'BANK_AUTHORITY_LIMIT_EXCEEDED',
    async () => {
      const number = uniqueBankNumber();
      const [a, b, c] = await Promise.all([newAccount(), newAccount(), newAccount()]);
      for (const holder of [a, b]) await newBankAccount(holder, { bankAccountNumber: number });
      const third = await api('POST', '/api/bank-authorities', {
        key: c.apiKey,
        body: { accountId: c.accountId, bankAccountNumber: number, bankAccountName: 'x', ...AUTHORITY },
      });
      expect(third.body).toEqual(refused('BANK_AUTHORITIES_FOR_BANK_ACCOUNT_EXCEEDED'));
      expect(written(third)).toEqual([]);

      await Promise.all(Array.from({ length: MAX_DIRECT_DEBIT_ACCOUNTS }, () => newBankAccount(c)));
      const over = await api('POST', '/api/bank-authorities', {
        key: c.apiKey,
        body: { accountId: c.accountId, bankAccountNumber: uniqueBankNumber(), bankAccountName: 'x', ...AUTHORITY },
      });
      expect(over.body).toEqual(refused('BANK_AUTHORITY_LIMIT_EXCEEDED'));
      expect(written(over)).toEqual([]);
    },
  );

  it('requires all nine fields of a bank authority', async () => {
    const { city: _city, ...withoutCity } = AUTHORITY;
    const res = await api('POST', '/api/bank-authorities', {
      key: owner.apiKey,
      body: { accountId: owner.accountId, bankAccountNumber: uniqueBankNumber(), bankAccountName: 'x', ...withoutCity },
    });
    expect(res.body).toMatchObject({ statusCode: 400, message: 'city is required' });
  });
});
