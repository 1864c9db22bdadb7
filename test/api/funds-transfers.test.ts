import { api, FORBIDDEN, newAccount, seed, type TestAccount, type Json } from '../support/api';
import { recentStatementLines } from '../../functions/bank-accounts';
import { newBankAccount, statementCode, uniqueBankNumber } from '../support/bank';
import { advanceClock, DAY, waitFor } from '../support/clock';
import { bankAccountOf, bankReports, fund, newWallet, topUp, withdraw } from '../support/funds';
import { balances } from '../support/payments';
import { written } from '../support/value';

// Each test makes its own accounts and drives the bank through several calls on a shared, loaded platform.
jest.setTimeout(60_000);

const refused = (code: string) => ({ statusCode: 403, error: 'Forbidden', message: code });
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let owner: TestAccount;
let other: TestAccount;
let wallet: string;
let bank: Json;
beforeAll(async () => {
  [owner, other] = await Promise.all([newAccount(), newAccount()]);
  wallet = await newWallet(owner);
  await fund(owner, wallet, '100000');
  bank = await bankAccountOf(owner);
});

const get = (path: string, key = owner.apiKey) => api('GET', path, { key });

describe('withdrawals', () => {
  it('holds the amount from creation and pays it out when the bank settles', async () => {
    const before = await balances(owner.apiKey, wallet);
    const res = await withdraw(owner, wallet, bank.id, '1500');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{22}$/),
      assetId: wallet,
      bankAccountId: bank.id,
      accountId: owner.accountId,
      type: 'withdrawal',
      amount: '1500',
      status: 'created',
      test: true,
      createdAt: expect.stringMatching(TIMESTAMP),
      createdBy: expect.stringMatching(/^crn:/),
      updatedAt: expect.stringMatching(TIMESTAMP),
    });
    const held = await balances(owner.apiKey, wallet);
    expect(held).toEqual({ balance: before.balance, available: String(BigInt(before.available) - 1500n) });
    // The bank's statement shows the payment out with a code of its own.
    expect(await statementCode(bank.bankAccountNumber, 'withdrawal')).toMatch(/^[0-9]{4}$/);

    expect((await get(`/api/withdrawals/${res.body.id}`)).body).toEqual(res.body);
    const settled = await bankReports(res.body.id, 'settled');
    expect(settled.body).toMatchObject({ id: res.body.id, status: 'done' });
    expect(await balances(owner.apiKey, wallet)).toEqual({
      balance: String(BigInt(before.balance) - 1500n),
      available: held.available,
    });
    expect((await get(`/api/withdrawals/${res.body.id}`)).body.status).toBe('done');
    const history = await get(`/api/wallets/${wallet}/transactions`);
    expect(history.body.items[0]).toMatchObject({ withdrawalId: res.body.id, value: '-1500' });

    const listed = await get(`/api/accounts/${owner.accountId}/withdrawals`);
    expect(listed.body.items.find((w: Json) => w.id === res.body.id)).toMatchObject({ status: 'done', amount: '1500' });
    const again = await bankReports(res.body.id, 'failed');
    expect(again.body).toEqual(refused('FUNDS_TRANSFER_ALREADY_COMPLETE'));
    expect(written(again)).toEqual([]);
  });

  it('gives the amount back exactly when the bank fails or aborts it', async () => {
    const before = await balances(owner.apiKey, wallet);
    const failing = (await withdraw(owner, wallet, bank.id, '700')).body;
    const aborting = (await withdraw(owner, wallet, bank.id, '300')).body;
    expect((await balances(owner.apiKey, wallet)).available).toBe(String(BigInt(before.available) - 1000n));
    expect((await bankReports(failing.id, 'failed')).body).toMatchObject({ status: 'failed' });
    expect((await bankReports(aborting.id, 'aborted')).body).toMatchObject({ status: 'aborted' });
    expect(await balances(owner.apiKey, wallet)).toEqual(before);
  });

  it("settles by itself a day later on the account's clock", async () => {
    const holder = await newAccount();
    const w = await newWallet(holder);
    await fund(holder, w, '5000');
    const b = await bankAccountOf(holder);
    const created = (await withdraw(holder, w, b.id, '2000')).body;
    await advanceClock(holder.accountId, DAY - 60);
    expect((await get(`/api/withdrawals/${created.id}`, holder.apiKey)).body.status).toBe('created');
    await advanceClock(holder.accountId, 120);
    const done = await waitFor(
      () => balances(holder.apiKey, w),
      (b2) => b2.balance === '3000',
    );
    expect(done).toEqual({ balance: '3000', available: '3000' });
    expect((await get(`/api/withdrawals/${created.id}`, holder.apiKey)).body.status).toBe('done');
  });

  it('refuses more than the available balance: INSUFFICIENT_WALLET_BALANCE, nothing written', async () => {
    const { available } = await balances(owner.apiKey, wallet);
    const res = await withdraw(owner, wallet, bank.id, String(BigInt(available) + 1n));
    expect(res.body).toEqual(refused('INSUFFICIENT_WALLET_BALANCE'));
    expect(written(res)).toEqual([]);
  });

  it('names the field of a bad amount (400), nothing written', async () => {
    for (const [amount, message] of [
      ['0', 'amount has an invalid format'],
      ['100000000', 'amount must be less than 100000000'],
    ]) {
      const res = await withdraw(owner, wallet, bank.id, amount);
      expect([res.status, res.body.message]).toEqual([400, message]);
      expect(written(res)).toEqual([]);
    }
  });

  it('refuses a settlement wallet: INVALID_WALLET_TYPE', async () => {
    const settlement = await newWallet(owner, { settlement: true });
    const res = await withdraw(owner, settlement, bank.id, '100');
    expect(res.body).toEqual(refused('INVALID_WALLET_TYPE'));
    expect(written(res)).toEqual([]);
  });

  it('refuses a wallet and a bank account of two accounts: BANK_AUTHORITY_WALLET_MISMATCH', async () => {
    const othersBank = await bankAccountOf(other);
    // Only a caller that reaches both accounts can name them: the operator.
    const res = await api('POST', '/api/withdrawals', {
      key: seed().operatorApiKey,
      body: { assetId: wallet, bankAccountId: othersBank.id, amount: '100' },
    });
    expect(res.body).toEqual(refused('BANK_AUTHORITY_WALLET_MISMATCH'));
    expect(written(res)).toEqual([]);
  });

  it('refuses a bank account of another type: BANK_ACCOUNT_TYPE_NOT_CONFIGURED_FOR_WITHDRAWAL', async () => {
    const quartz = await newBankAccount(owner, { type: 'quartz' });
    const res = await withdraw(owner, wallet, quartz.id, '100');
    expect(res.body).toEqual(refused('BANK_ACCOUNT_TYPE_NOT_CONFIGURED_FOR_WITHDRAWAL'));
    expect(written(res)).toEqual([]);
  });

  it(
    'pays out only to a verified bank account: BANK_ACCOUNT_NOT_VERIFIED, nothing written, until its holder ' +
      'enters the code from its statement',
    async () => {
      // Registered for withdrawals only (no direct-debit authority): its verification deposit carries the code.
      const payout = await newBankAccount(owner, { directDebitAuthority: undefined });
      const before = await balances(owner.apiKey, wallet);
      const res = await withdraw(owner, wallet, payout.id, '100');
      expect(res.body).toEqual(refused('BANK_ACCOUNT_NOT_VERIFIED'));
      expect(written(res)).toEqual([]);
      expect(await balances(owner.apiKey, wallet)).toEqual(before);
      const code = await statementCode(payout.bankAccountNumber, 'verification');
      expect(
        (
          await api('POST', `/api/bank-accounts/${payout.id}/verify`, {
            key: owner.apiKey,
            body: { verificationCode: code },
          })
        ).status,
      ).toBe(200);
      expect((await withdraw(owner, wallet, payout.id, '100')).body).toMatchObject({
        type: 'withdrawal',
        status: 'created',
        bankAccountId: payout.id,
      });
    },
  );

  it('refuses live money: the simulated bank moves none (nothing written)', async () => {
    const live = await newAccount({ test: false });
    const liveWallet = await newWallet(live, { ledgerId: 'svc.nzd.main' });
    const liveBank = await newBankAccount(live);
    const out = await withdraw(live, liveWallet, liveBank.id, '100');
    expect(out.body).toEqual(refused('BANK_ACCOUNT_TYPE_NOT_CONFIGURED_FOR_WITHDRAWAL'));
    expect(written(out)).toEqual([]);
    const inward = await topUp(live, liveWallet, liveBank.id, '100');
    expect(inward.body).toEqual(refused('BANK_ACCOUNT_TYPE_NOT_CONFIGURED_FOR_TOPUP'));
    expect(written(inward)).toEqual([]);
  });

  it(
    'applies a withdrawal once per Idempotency-Key; the key ' + 'with another command is IDEMPOTENT_OPERATION_FAILED',
    async () => {
      const key = { 'idempotency-key': `w-${Date.now()}` };
      const first = await withdraw(owner, wallet, bank.id, '111', key);
      const replay = await withdraw(owner, wallet, bank.id, '111', key);
      expect(replay.status).toBe(200);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body).toEqual(first.body);
      expect(written(replay)).toEqual([]);
      const other = await withdraw(owner, wallet, bank.id, '112', key);
      expect(other.body).toEqual(refused('IDEMPOTENT_OPERATION_FAILED'));
    },
  );

  it('cannot be aborted by its account: ABORT_WITHDRAWAL_NOT_SUPPORTED', async () => {
    const created = (await withdraw(owner, wallet, bank.id, '100')).body;
    const res = await api('POST', `/api/funds-transfers/${created.id}/abort`, { key: owner.apiKey });
    expect(res.body).toEqual(refused('ABORT_WITHDRAWAL_NOT_SUPPORTED'));
    expect(written(res)).toEqual([]);
  });
});

describe('top ups', () => {
  /** The code its holder reads on the statement the platform serves the bank account's owner. */
  const statementCodeOf = async (holder: TestAccount, bankAccountId: string, kind: string) => {
    const res = await get(`/api/bank-accounts/${bankAccountId}/statement`, holder.apiKey);
    expect(res.status).toBe(200);
    return (res.body.lines as Json[]).find((line) => line.kind === kind)!.code as string;
  };
  const verifyWith = (holder: TestAccount, bankAccountId: string, verificationCode: string) =>
    api('POST', `/api/bank-accounts/${bankAccountId}/verify`, { key: holder.apiKey, body: { verificationCode } });
  const abort = (holder: TestAccount, id: string) =>
    api('POST', `/api/funds-transfers/${id}/abort`, { key: holder.apiKey });
  /** The wallet's movements from its ledger: each credit is one entry. */
  const movements = async (holder: TestAccount, assetId: string) =>
    (await get(`/api/wallets/${assetId}/transactions`, holder.apiKey)).body.items as Json[];

  it(
    'money in, end to end: top up → the bank settles (`settled`, held) → the code read from the statement ' +
      'verifies the bank account → the wallet is credited once, however often settle and verify are repeated',
    async () => {
      const holder = await newAccount();
      const w = await newWallet(holder);
      const unverified = await bankAccountOf(holder, { verified: false });
      const res = await topUp(holder, w, unverified.id, '2500');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        assetId: w,
        bankAccountId: unverified.id,
        accountId: holder.accountId,
        type: 'topup',
        amount: '2500',
        status: 'created',
      });
      expect((await get(`/api/topups/${res.body.id}`, holder.apiKey)).body).toEqual(res.body);

      // Settled by the bank, held: the bank account is not verified yet.
      expect((await bankReports(res.body.id, 'settled')).body.status).toBe('settled');
      expect((await get(`/api/topups/${res.body.id}`, holder.apiKey)).body.status).toBe('settled');
      expect((await get('/api/topups', holder.apiKey)).body).toEqual([
        expect.objectContaining({ id: res.body.id, status: 'settled' }),
      ]);
      expect(await balances(holder.apiKey, w)).toEqual({ balance: '0', available: '0' });

      // The verification credits it at once: no read of the top up comes between.
      const code = await statementCodeOf(holder, unverified.id, 'topup');
      expect((await verifyWith(holder, unverified.id, code)).body).toEqual({ verificationCode: code });
      expect(await balances(holder.apiKey, w)).toEqual({ balance: '2500', available: '2500' });
      expect((await get(`/api/topups/${res.body.id}`, holder.apiKey)).body.status).toBe('done');

      // Again: the bank's report, the verification, an abort, the days the timer looks again. No second credit.
      expect((await bankReports(res.body.id, 'settled')).body).toEqual(refused('FUNDS_TRANSFER_ALREADY_COMPLETE'));
      expect((await verifyWith(holder, unverified.id, code)).body).toEqual(refused('BANK_ACCOUNT_ALREADY_VERIFIED'));
      expect((await abort(holder, res.body.id)).body).toEqual(refused('FUNDS_TRANSFER_ALREADY_COMPLETE'));
      await advanceClock(holder.accountId, 2 * DAY);
      expect(await balances(holder.apiKey, w)).toEqual({ balance: '2500', available: '2500' });
      expect(await movements(holder, w)).toEqual([expect.objectContaining({ topupId: res.body.id, value: '2500' })]);

      const listed = await get('/api/topups', holder.apiKey);
      expect(listed.body).toEqual([expect.objectContaining({ id: res.body.id, status: 'done' })]);
      expect((await get(`/api/accounts/${holder.accountId}/topups`, holder.apiKey)).body).toEqual(listed.body);

      // The bank account's activities and the wallet's transactions show the money in.
      const activities = await get(`/api/asset-activities?bankAccountId=${unverified.id}`, holder.apiKey);
      expect(activities.body.items).toEqual([
        expect.objectContaining({
          ref: res.body.id,
          refType: 'topup',
          type: 'increment-balance',
          kind: 'topup',
          assetId: w,
          amount: '2500',
          activityType: 'value-in',
          activityNumber: '1',
          bankAccountId: unverified.id,
          otherParty: unverified.bankAccountNumber.replace(/-\d{4}(\d{3}-\d{3})$/, '-****$1'),
        }),
      ]);
      const transactions = await get(`/api/assets/${w}/transactions`, holder.apiKey);
      expect(transactions.body.items).toEqual([
        expect.objectContaining({
          ref: res.body.id,
          refType: 'topup',
          type: 'increment-balance',
          destAssetId: w,
          amount: '2500',
          activityType: 'value-in',
          activityNumber: '1',
        }),
      ]);

      // Verified first, settled after: the bank's settlement credits it, once, by itself a day later.
      const second = (await topUp(holder, w, unverified.id, '400')).body;
      await advanceClock(holder.accountId, DAY + 60);
      const credited = await waitFor(
        () => balances(holder.apiKey, w),
        (b) => b.balance !== '2500',
      );
      expect(credited).toEqual({ balance: '2900', available: '2900' });
      expect((await get(`/api/topups/${second.id}`, holder.apiKey)).body.status).toBe('done');
      expect((await bankReports(second.id, 'settled')).body).toEqual(refused('FUNDS_TRANSFER_ALREADY_COMPLETE'));
      expect(await movements(holder, w)).toHaveLength(2);
    },
  );

  it(
    'aborted once settled but not credited: `aborted`, the bank pays it back (on the statement), and the ' +
      'verification credits nothing',
    async () => {
      const holder = await newAccount();
      const w = await newWallet(holder);
      const unverified = await bankAccountOf(holder, { verified: false });
      const created = (await topUp(holder, w, unverified.id, '1200')).body;
      expect((await bankReports(created.id, 'settled')).body.status).toBe('settled');
      const res = await abort(holder, created.id);
      expect([res.status, res.body]).toEqual([200, {}]);
      expect((await get(`/api/topups/${created.id}`, holder.apiKey)).body.status).toBe('aborted');
      const statement = await get(`/api/bank-accounts/${unverified.id}/statement`, holder.apiKey);
      expect(statement.body.lines[0]).toMatchObject({ kind: 'topup-return', amount: '1200', currency: 'NZD' });

      // Again, and the rest: nothing changes, nothing is credited.
      expect((await abort(holder, created.id)).body).toEqual({});
      expect((await bankReports(created.id, 'settled')).body).toEqual(refused('FUNDS_TRANSFER_ALREADY_COMPLETE'));
      const code = await statementCodeOf(holder, unverified.id, 'topup');
      expect((await verifyWith(holder, unverified.id, code)).status).toBe(200);
      expect((await get(`/api/topups/${created.id}`, holder.apiKey)).body.status).toBe('aborted');
      expect(await balances(holder.apiKey, w)).toEqual({ balance: '0', available: '0' });
      expect(await movements(holder, w)).toEqual([]);
    },
  );

  const failed = 'failed by the bank: `failed`, never credited, and complete (abort: FUNDS_TRANSFER_ALREADY_COMPLETE)';
  it(failed, async () => {
    const holder = await newAccount();
    const w = await newWallet(holder);
    const verified = await bankAccountOf(holder);
    const created = (await topUp(holder, w, verified.id, '800')).body;
    expect((await bankReports(created.id, 'failed')).body.status).toBe('failed');
    const res = await abort(holder, created.id);
    expect(res.body).toEqual(refused('FUNDS_TRANSFER_ALREADY_COMPLETE'));
    expect(written(res)).toEqual([]);
    expect((await bankReports(created.id, 'settled')).body).toEqual(refused('FUNDS_TRANSFER_ALREADY_COMPLETE'));
    await advanceClock(holder.accountId, 2 * DAY);
    expect((await get(`/api/topups/${created.id}`, holder.apiKey)).body.status).toBe('failed');
    expect(await balances(holder.apiKey, w)).toEqual({ balance: '0', available: '0' });
  });

  const byItself =
    "settles by itself a day later on the account's clock: held (`settled`) from a bank account not verified";
  it(byItself, async () => {
    const holder = await newAccount();
    const w = await newWallet(holder);
    const unverified = await bankAccountOf(holder, { verified: false });
    const created = (await topUp(holder, w, unverified.id, '900')).body;
    await advanceClock(holder.accountId, DAY - 60);
    expect((await get(`/api/topups/${created.id}`, holder.apiKey)).body.status).toBe('created');
    await advanceClock(holder.accountId, 120);
    expect((await get(`/api/topups/${created.id}`, holder.apiKey)).body.status).toBe('settled');
    expect(await balances(holder.apiKey, w)).toEqual({ balance: '0', available: '0' });
    expect(
      (await verifyWith(holder, unverified.id, await statementCodeOf(holder, unverified.id, 'topup'))).status,
    ).toBe(200);
    expect(await balances(holder.apiKey, w)).toEqual({ balance: '900', available: '900' });
  });

  it('is aborted while the bank has not settled it, and then never credited', async () => {
    const created = (await topUp(owner, wallet, bank.id, '400')).body;
    const before = await balances(owner.apiKey, wallet);
    const res = await api('POST', `/api/funds-transfers/${created.id}/abort`, { key: owner.apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await api('POST', `/api/funds-transfers/${created.id}/abort`, { key: owner.apiKey })).body).toEqual({});
    expect((await get(`/api/topups/${created.id}`)).body.status).toBe('aborted');
    expect((await bankReports(created.id, 'settled')).body).toEqual(refused('FUNDS_TRANSFER_ALREADY_COMPLETE'));
    expect(await balances(owner.apiKey, wallet)).toEqual(before);
  });

  it('refuses a completed top up: FUNDS_TRANSFER_ALREADY_COMPLETE', async () => {
    const created = (await topUp(owner, wallet, bank.id, '100')).body;
    expect((await bankReports(created.id, 'settled')).body.status).toBe('done');
    const res = await api('POST', `/api/funds-transfers/${created.id}/abort`, { key: owner.apiKey });
    expect(res.body).toEqual(refused('FUNDS_TRANSFER_ALREADY_COMPLETE'));
    expect(written(res)).toEqual([]);
  });

  it(
    'counts against the top-up quota when asked for: past ' + 'it QUOTA_EXCEEDED with the quota, nothing written',
    async () => {
      const payer = await newAccount();
      const [own, ownBank] = await Promise.all([newWallet(payer), bankAccountOf(payer)]);
      const limits = { limits: [{ type: 'topup', period: 'monthly', assetType: 'svc.nzd.test', limit: '500' }] };
      expect(
        (
          await api('PUT', `/api/accounts/${payer.accountId}/quota-limits`, {
            key: seed().operatorApiKey,
            body: limits,
          })
        ).status,
      ).toBe(200);
      expect((await topUp(payer, own, ownBank.id, '300')).status).toBe(200);
      const over = await topUp(payer, own, ownBank.id, '300');
      expect(over.body).toMatchObject({
        statusCode: 403,
        message: 'QUOTA_EXCEEDED',
        quotas: [expect.objectContaining({ type: 'topup', period: 'monthly', limit: '500', usage: '600' })],
      });
      expect(written(over)).toEqual([]);
      const quotas = (await get(`/api/accounts/${payer.accountId}/quotas`, payer.apiKey)).body as {
        type: string;
        period: string;
        usage: string;
      }[];
      expect(quotas.find((q) => q.type === 'topup' && q.period === 'monthly')?.usage).toBe('300');
    },
  );

  it(
    "needs a direct-debit authority, a centrapay bank account of the wallet's account and a wallet that takes top " +
      'ups',
    async () => {
      const noAuthority = await newBankAccount(owner, { directDebitAuthority: undefined });
      const quartz = await newBankAccount(owner, { type: 'quartz' });
      const settlement = await newWallet(owner, { settlement: true });
      const othersBank = await bankAccountOf(other);
      const cases: [Promise<Json>, string][] = [
        [topUp(owner, wallet, noAuthority.id, '100'), 'DIRECT_DEBIT_NOT_AUTHORIZED'],
        [topUp(owner, wallet, quartz.id, '100'), 'BANK_ACCOUNT_TYPE_NOT_CONFIGURED_FOR_TOPUP'],
        [topUp(owner, settlement, bank.id, '100'), 'INVALID_WALLET_TYPE'],
        [
          api('POST', '/api/topups', {
            key: seed().operatorApiKey,
            body: { assetId: wallet, bankAccountId: othersBank.id, amount: '100' },
          }),
          'BANK_AUTHORITY_WALLET_MISMATCH',
        ],
      ];
      for (const [call, code] of cases) {
        const res = await call;
        expect(res.body).toEqual(refused(code));
        expect(written(res)).toEqual([]);
      }
    },
  );
});

describe('bank account ownership', () => {
  /** The code on the number's statement of the newest transaction made for this account's own bank account record. */
  const codeOf = async (number: string, accountId: string) =>
    (await recentStatementLines(number, new Date())).find((line) => line.accountId === accountId)!.code;
  const verify = (holder: TestAccount, bankAccountId: string, verificationCode: string) =>
    api('POST', `/api/bank-accounts/${bankAccountId}/verify`, { key: holder.apiKey, body: { verificationCode } });

  it(
    'two accounts registering one number each move money only once each proved it theirs; a third names neither ' +
      'record',
    async () => {
      const [holder, second, third] = await Promise.all([newAccount(), newAccount(), newAccount()]);
      const [holderWallet, secondWallet, thirdWallet] = await Promise.all([
        newWallet(holder),
        newWallet(second),
        newWallet(third),
      ]);
      await Promise.all([fund(holder, holderWallet, '1000'), fund(second, secondWallet, '1000')]);
      const number = uniqueBankNumber();
      const holderBank = await newBankAccount(holder, { bankAccountNumber: number });
      const secondBank = await newBankAccount(second, { bankAccountNumber: number });

      // Not proven: the second account's top up is settled by the bank but held, never credited, and it pays nothing
      // out.
      const topup = (await topUp(second, secondWallet, secondBank.id, '700')).body;
      expect((await bankReports(topup.id, 'settled')).body.status).toBe('settled');
      expect((await withdraw(second, secondWallet, secondBank.id, '100')).body).toEqual(
        refused('BANK_ACCOUNT_NOT_VERIFIED'),
      );
      expect(await balances(second.apiKey, secondWallet)).toEqual({ balance: '1000', available: '1000' });
      // The holder's code proves the holder's record only.
      const mismatch = await verify(second, secondBank.id, await codeOf(number, holder.accountId));
      expect(mismatch.body).toEqual(refused('ACCOUNT_MISMATCH'));
      expect(written(mismatch)).toEqual([]);
      // A third account reaches neither record, to top up or withdraw with its own wallet.
      for (const res of await Promise.all([
        topUp(third, thirdWallet, holderBank.id, '100'),
        withdraw(third, thirdWallet, secondBank.id, '100'),
      ])) {
        expect(res.body).toEqual(FORBIDDEN);
        expect(written(res)).toEqual([]);
      }

      // The holder proves its record with its own code and pays out; the second record is still unproven.
      expect((await verify(holder, holderBank.id, await codeOf(number, holder.accountId))).status).toBe(200);
      expect((await withdraw(holder, holderWallet, holderBank.id, '100')).status).toBe(200);
      expect((await withdraw(second, secondWallet, secondBank.id, '100')).body).toEqual(
        refused('BANK_ACCOUNT_NOT_VERIFIED'),
      );

      // A joint holder reads its own code on the statement: its held top up is credited and it pays out.
      expect((await verify(second, secondBank.id, await codeOf(number, second.accountId))).status).toBe(200);
      expect((await get(`/api/topups/${topup.id}`, second.apiKey)).body.status).toBe('done');
      expect(await balances(second.apiKey, secondWallet)).toEqual({ balance: '1700', available: '1700' });
      expect((await withdraw(second, secondWallet, secondBank.id, '100')).status).toBe(200);
    },
  );
});

describe('another account', () => {
  it('is refused every funds transfer of the account, with nothing written', async () => {
    const w = (await withdraw(owner, wallet, bank.id, '100')).body;
    const t = (await topUp(owner, wallet, bank.id, '100')).body;
    const calls = [
      withdraw(other, wallet, bank.id, '100'),
      topUp(other, wallet, bank.id, '100'),
      get(`/api/withdrawals/${w.id}`, other.apiKey),
      get(`/api/topups/${t.id}`, other.apiKey),
      get(`/api/accounts/${owner.accountId}/topups`, other.apiKey),
      get(`/api/accounts/${owner.accountId}/withdrawals`, other.apiKey),
      api('POST', `/api/funds-transfers/${t.id}/abort`, { key: other.apiKey }),
      api('POST', `/api/funds-transfers/${w.id}/abort`, { key: other.apiKey }),
      api('POST', `/api/funds-transfers/${t.id}/bank-outcome`, { key: owner.apiKey, body: { outcome: 'settled' } }),
      get(`/api/asset-activities?bankAccountId=${bank.id}`, other.apiKey),
      get(`/api/assets/${wallet}/transactions`, other.apiKey),
      // A top up is not a withdrawal, nor the reverse.
      get(`/api/withdrawals/${t.id}`),
      get(`/api/topups/${w.id}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.body).toEqual(FORBIDDEN);
      expect(written(res)).toEqual([]);
    }
    expect((await get('/api/topups', other.apiKey)).body).toEqual([]);
    expect((await get(`/api/topups/${t.id}`)).body.status).toBe('created');
  });
});
