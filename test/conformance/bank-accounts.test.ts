/**
 * Docs page "Bank Accounts": src/content/api/bank-accounts.mdoc and its example exchanges (bank accounts and the
 * deprecated bank authorities).
 */
import { MAX_DIRECT_DEBIT_ACCOUNTS, MAX_FAILED_VERIFICATIONS } from '../../functions/bank-accounts/bank-account-store';
import { api, newAccount, seed, type TestAccount, type Json } from '../support/api';
import { bankStatement, newBankAccount, statementCode, uniqueBankNumber } from '../support/bank';
import { B, except, expectError, expectExchange, N, S, type ShapeObject } from './support';

// Many bank accounts per test on a loaded machine: the 5 s default measures the machine, not the code.
jest.setTimeout(30_000);

const HOLDER = { phoneNumber: '+64212345678', fullName: 'John Doe', emailAddress: 'john.doe@gmail.com' };
/**
 * The nine fields of a bank authority (docs/api/bank-accounts-and-approvals.md); the docs' example sends six (see
 * docs/conformance.md).
 */
const ADDRESS = { streetAddress: '1 Queen Street', suburb: 'CBD', city: 'Auckland', postCode: '1010' };
const APPROVAL_SUMMARY = { type: S, status: S, updatedAt: S } as const;

const STAMPS = { createdAt: S, createdBy: S, modifiedAt: S, modifiedBy: S } as const;
const CREATED: ShapeObject = {
  id: S,
  accountId: S,
  bankAccountNumber: S,
  bankAccountName: S,
  directDebitAuthorized: B,
  status: S,
  verified: B,
  type: S,
  ...STAMPS,
  approvals: [],
};
const READ: ShapeObject = { ...CREATED, bankRegion: S, approvals: [APPROVAL_SUMMARY], test: B };
const AUTHORITY: ShapeObject = {
  id: S,
  accountId: S,
  bankAccountNumber: S,
  bankAccountName: S,
  status: S,
  verified: B,
  directDebitAuthorized: B,
  ...STAMPS,
  approvals: [],
};
const AUTHORITY_SUMMARY: ShapeObject = {
  id: S,
  accountId: S,
  bankAccountNumber: S,
  bankAccountName: S,
  status: S,
  verified: B,
  directDebitAuthorized: B,
  createdAt: S,
  approvals: [],
};

let owner: TestAccount;
beforeAll(async () => {
  owner = await newAccount();
});

const post = (path: string, body: unknown, who: TestAccount = owner) => api('POST', path, { key: who.apiKey, body });
const create = (body: Record<string, unknown>, who: TestAccount = owner) =>
  post(
    '/api/bank-accounts',
    { accountId: who.accountId, bankAccountNumber: uniqueBankNumber(), bankAccountName: 'John Doe', ...body },
    who,
  );
const createAuthority = (body: Record<string, unknown>, who: TestAccount = owner) =>
  post(
    '/api/bank-authorities',
    {
      fullName: 'John Doe',
      accountId: who.accountId,
      phoneNumber: '+64212345',
      emailAddress: 'John.doe@email.com',
      bankAccountNumber: uniqueBankNumber(),
      bankAccountName: 'John Doe',
      ...ADDRESS,
      ...body,
    },
    who,
  );

/** A quartz test bank account with a settlement approval awaiting review: the get example's `approvals` and `type`. */
async function quartzWithApproval(): Promise<Json> {
  const bank = await newBankAccount(owner, { type: 'quartz', directDebitAuthority: undefined });
  const approval = await post('/api/bank-account-approvals', {
    bankAccountId: bank.id,
    type: 'settlement',
    mediaUploadId: await bankStatement(owner),
  });
  expect(approval.status).toBe(200);
  return bank;
}

describe('Bank Accounts: documented example exchanges', () => {
  it('POST /api/bank-accounts with a direct debit authority', async () => {
    expectExchange(await create({ directDebitAuthority: HOLDER }), CREATED);
  });

  it('POST /api/bank-accounts/{bankAccountId}/direct-debit-authorities', async () => {
    const bank = await newBankAccount(owner, { directDebitAuthority: undefined });
    expectExchange(await post(`/api/bank-accounts/${bank.id}/direct-debit-authorities`, HOLDER), CREATED);
  });

  it('GET /api/bank-accounts/{bankAccountId}', async () => {
    const bank = await quartzWithApproval();
    expectExchange(await api('GET', `/api/bank-accounts/${bank.id}`, { key: owner.apiKey }), READ);
  });

  it('GET /api/accounts/{accountId}/bank-accounts', async () => {
    const lister = await newAccount();
    await newBankAccount(lister, { type: 'quartz', directDebitAuthority: undefined });
    const res = await api('GET', `/api/accounts/${lister.accountId}/bank-accounts`, { key: lister.apiKey });
    expectExchange(res, [
      except(READ, {
        approvals: 'the first example bank account has none; the summaries are checked on the get example',
      }),
    ]);
  });

  it('POST /api/bank-accounts/{bankAccountId}/verify', async () => {
    const bank = await newBankAccount(owner);
    const code = await statementCode(bank.bankAccountNumber);
    expectExchange(await post(`/api/bank-accounts/${bank.id}/verify`, { verificationCode: code }), {
      verificationCode: S,
    });
  });

  it('POST /api/bank-accounts/{bankAccountId}/set-preferred-name', async () => {
    const bank = await newBankAccount(owner, { type: 'quartz' });
    const res = await post(`/api/bank-accounts/${bank.id}/set-preferred-name`, {
      preferredBankAccountName: 'Everyday Account',
    });
    expectExchange(res, {
      activityNumber: N,
      createdAt: S,
      bankAccountId: S,
      type: S,
      preferredBankAccountName: S,
      createdBy: S,
    });
  });

  it('POST /api/bank-accounts/{bankAccountId}/archive', async () => {
    const bank = await newBankAccount(owner, { type: 'quartz' });
    await post(`/api/bank-accounts/${bank.id}/set-preferred-name`, { preferredBankAccountName: 'Everyday Account' });
    await post(`/api/bank-accounts/${bank.id}/verify`, {
      verificationCode: await statementCode(bank.bankAccountNumber),
    });
    const documented = {
      id: S,
      accountId: S,
      bankAccountNumber: S,
      bankAccountName: S,
      preferredBankAccountName: S,
      balance: S,
      availableBalance: S,
      status: S,
      verified: B,
      directDebitAuthorized: B,
      createdAt: S,
      test: B,
    } as const;
    const balances =
      'bank balances come from an account-information consent reading the bank; the simulated bank reports none';
    expectExchange(
      await post(`/api/bank-accounts/${bank.id}/archive`, {}),
      except(documented, { balance: balances, availableBalance: balances }),
    );
  });

  it('POST /api/bank-authorities (deprecated)', async () => {
    expectExchange(await createAuthority({}), AUTHORITY);
  });

  it('GET /api/bank-authorities/{bankAccountId} (deprecated)', async () => {
    const created = await createAuthority({});
    expectExchange(await api('GET', `/api/bank-authorities/${created.body.id}`, { key: owner.apiKey }), AUTHORITY);
  });

  it('GET /api/bank-authorities (deprecated)', async () => {
    const holder = await newAccount();
    await createAuthority({}, holder);
    expectExchange(await api('GET', '/api/bank-authorities', { key: holder.apiKey }), [AUTHORITY_SUMMARY]);
  });

  it('POST /api/bank-authorities/{bankAccountId}/verify (deprecated)', async () => {
    const created = await createAuthority({});
    const code = await statementCode(created.body.bankAccountNumber);
    expectExchange(await post(`/api/bank-authorities/${created.body.id}/verify`, { verificationCode: code }), {
      verificationCode: S,
    });
  });
});

describe('Bank Accounts: documented errors', () => {
  it('create: DUPLICATE_BANK_ACCOUNT, BANK_ACCOUNT_HOLDER_LIMIT_EXCEEDED', async () => {
    const number = uniqueBankNumber();
    const [second, third] = await Promise.all([newAccount(), newAccount()]);
    await newBankAccount(owner, { bankAccountNumber: number });
    expectError(await create({ bankAccountNumber: number }), 403, 'DUPLICATE_BANK_ACCOUNT');
    await newBankAccount(second, { bankAccountNumber: number });
    expectError(await create({ bankAccountNumber: number }, third), 403, 'BANK_ACCOUNT_HOLDER_LIMIT_EXCEEDED');
  });

  it(
    'create: BANK_ACCOUNT_LIMIT_EXCEEDED; direct debit authority: DIRECT_DEBIT_LIMIT_EXCEEDED, ' +
      'DIRECT_DEBIT_ALREADY_AUTHORIZED',
    async () => {
      const holder = await newAccount();
      await Promise.all(Array.from({ length: MAX_DIRECT_DEBIT_ACCOUNTS }, () => newBankAccount(holder)));
      expectError(await create({ directDebitAuthority: HOLDER }, holder), 403, 'BANK_ACCOUNT_LIMIT_EXCEEDED');
      const plain = await newBankAccount(holder, { directDebitAuthority: undefined });
      expectError(
        await post(`/api/bank-accounts/${plain.id}/direct-debit-authorities`, HOLDER, holder),
        403,
        'DIRECT_DEBIT_LIMIT_EXCEEDED',
      );
      const authorized = await newBankAccount(owner);
      expectError(
        await post(`/api/bank-accounts/${authorized.id}/direct-debit-authorities`, HOLDER),
        403,
        'DIRECT_DEBIT_ALREADY_AUTHORIZED',
      );
    },
  );

  it.each(['bank-accounts', 'bank-authorities'])(
    'verify (%s): VERIFICATION_CODE_INVALID, BANK_ACCOUNT_ALREADY_VERIFIED, ' +
      'BANK_ACCOUNT_VERIFICATION_ATTEMPTS_EXCEEDED, ACCOUNT_MISMATCH',
    async (family) => {
      const verify = (id: string, verificationCode: string) =>
        post(`/api/${family}/${id}/verify`, { verificationCode });
      const bank = await newBankAccount(owner);
      const code = await statementCode(bank.bankAccountNumber);
      const wrong = code === '0000' ? '0001' : '0000';
      expectError(await verify(bank.id, wrong), 403, 'VERIFICATION_CODE_INVALID');
      await verify(bank.id, code);
      expectError(await verify(bank.id, code), 403, 'BANK_ACCOUNT_ALREADY_VERIFIED');

      const tried = await newBankAccount(owner);
      const triedCode = await statementCode(tried.bankAccountNumber);
      const miss = triedCode === '0000' ? '0001' : '0000';
      for (let i = 0; i < MAX_FAILED_VERIFICATIONS; i++) await verify(tried.id, miss);
      expectError(await verify(tried.id, triedCode), 403, 'BANK_ACCOUNT_VERIFICATION_ATTEMPTS_EXCEEDED');

      const number = uniqueBankNumber();
      const mine = await newBankAccount(owner, { bankAccountNumber: number, directDebitAuthority: undefined });
      await newBankAccount(await newAccount(), { bankAccountNumber: number });
      expectError(await verify(mine.id, await statementCode(number)), 403, 'ACCOUNT_MISMATCH');
    },
  );

  it('set preferred name: INVALID_BANK_ACCOUNT_TYPE', async () => {
    const bank = await newBankAccount(owner, { type: 'centrapay' });
    expectError(
      await post(`/api/bank-accounts/${bank.id}/set-preferred-name`, { preferredBankAccountName: 'Everyday Account' }),
      403,
      'INVALID_BANK_ACCOUNT_TYPE',
    );
  });

  it(
    'create bank authority (deprecated): BANK_AUTHORITIES_FOR_BANK_ACCOUNT_EXCEEDED, ' +
      'BANK_AUTHORITY_LIMIT_EXCEEDED',
    async () => {
      const number = uniqueBankNumber();
      const [a, b, c] = await Promise.all([newAccount(), newAccount(), newAccount()]);
      for (const holder of [a, b]) await newBankAccount(holder, { bankAccountNumber: number });
      expectError(
        await createAuthority({ bankAccountNumber: number }, c),
        403,
        'BANK_AUTHORITIES_FOR_BANK_ACCOUNT_EXCEEDED',
      );
      await Promise.all(Array.from({ length: MAX_DIRECT_DEBIT_ACCOUNTS }, () => newBankAccount(c)));
      expectError(await createAuthority({}, c), 403, 'BANK_AUTHORITY_LIMIT_EXCEEDED');
    },
  );

  it('the operator reads any account’s bank account (the docs’ Centrapay review)', async () => {
    const bank = await newBankAccount(owner);
    expectExchange(
      await api('GET', `/api/bank-accounts/${bank.id}`, { key: seed().operatorApiKey }),
      except(READ, { test: 'checked on the get example', approvals: 'checked on the get example' }),
    );
  });
});

describe('Bank Accounts: get bank account balances', () => {
  it('GET /api/accounts/{accountId}/bank-account-balances: a test bank account at the simulated bank', async () => {
    const owner = await newAccount();
    await newBankAccount(owner);
    const res = await api('GET', `/api/accounts/${owner.accountId}/bank-account-balances`, { key: owner.apiKey });
    expectExchange(
      res,
      except(
        {
          items: [{ bankAccountId: S, bankAccountNumber: S, balance: S, availableBalance: S, test: B }],
          nextPageKey: S,
        },
        { nextPageKey: 'every bank account of an account (at most 50) fits one answer: there is no next page' },
      ),
    );
  });
});
