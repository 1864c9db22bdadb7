import { api, FORBIDDEN, newAccount, type TestAccount } from '../support/api';
import { newBankAccount } from '../support/bank';
import { bankAccountOf, bankReports, fund, newWallet, topUp, withdraw } from '../support/funds';
import { ok } from '../support/value';

/** Bank account balances: what the simulated bank's statement shows of an account's test bank accounts. */
describe('GET /api/accounts/{accountId}/bank-account-balances', () => {
  let owner: TestAccount;
  beforeAll(async () => {
    owner = await newAccount();
  }, 30_000);

  const balances = (accountId: string, key = owner.apiKey) =>
    api('GET', `/api/accounts/${accountId}/bank-account-balances`, { key });

  it('nets the statement: a top up debits it, a withdrawal pays into it; a new one stands at 0.00', async () => {
    const [bank, untouched, wallet] = await Promise.all([
      bankAccountOf(owner),
      newBankAccount(owner),
      newWallet(owner),
    ]);
    await fund(owner, wallet, '2000');
    await ok(withdraw(owner, wallet, bank.id, '2000'));
    await ok(topUp(owner, wallet, bank.id, '5025'));
    const res = await balances(owner.accountId);
    expect(res.body).toEqual({
      items: expect.arrayContaining([
        {
          bankAccountId: bank.id,
          bankAccountNumber: bank.bankAccountNumber,
          balance: '-30.25',
          availableBalance: '-30.25',
          test: true,
        },
        {
          bankAccountId: untouched.id,
          bankAccountNumber: untouched.bankAccountNumber,
          balance: '0.00',
          availableBalance: '0.00',
          test: true,
        },
      ]),
    });
    expect(res.body.items).toHaveLength(2);
  });

  it('counts no transfer the bank failed or aborted: the statement shows each reversed', async () => {
    const [bank, wallet] = await Promise.all([bankAccountOf(owner), newWallet(owner)]);
    await fund(owner, wallet, '3000');
    const [failed, aborted] = await Promise.all([
      ok(topUp(owner, wallet, bank.id, '1500')),
      ok(withdraw(owner, wallet, bank.id, '2000')),
      ok(withdraw(owner, wallet, bank.id, '700')),
    ]);
    const balanceOf = async () =>
      (await ok(balances(owner.accountId))).items.find(
        (item: { bankAccountId: string }) => item.bankAccountId === bank.id,
      ).balance;
    expect(await balanceOf()).toBe('12.00');

    expect((await bankReports(failed.id, 'failed')).body.status).toBe('failed');
    expect((await bankReports(aborted.id, 'aborted')).body.status).toBe('aborted');
    expect(await balanceOf()).toBe('7.00');
    // The wallet has its withdrawal's money back; the kept withdrawal still holds its own.
    expect((await ok(api('GET', `/api/assets/${wallet}`, { key: owner.apiKey }))).availableBalance).toBe('2300');
    const statement = await ok(api('GET', `/api/bank-accounts/${bank.id}/statement`, { key: owner.apiKey }));
    const lines = statement.lines.map((line: { kind: string; amount: string }) => [line.kind, line.amount]);
    expect(lines).toEqual(
      expect.arrayContaining([
        ['topup', '1500'],
        ['topup-reversal', '1500'],
        ['withdrawal', '2000'],
        ['withdrawal-reversal', '2000'],
        ['withdrawal', '700'],
      ]),
    );
    expect(lines).toHaveLength(6);
  });

  it('leaves out what no bank reports: live and archived bank accounts', async () => {
    const live = await newAccount({ test: false });
    await newBankAccount(live, { directDebitAuthority: undefined });
    expect((await balances(live.accountId, live.apiKey)).body).toEqual({ items: [] });

    const other = await newAccount();
    // Only the open-banking kind is archived.
    const archived = await newBankAccount(other, { directDebitAuthority: undefined, type: 'quartz' });
    await ok(api('POST', `/api/bank-accounts/${archived.id}/archive`, { key: other.apiKey }));
    expect((await balances(other.accountId, other.apiKey)).body).toEqual({ items: [] });
  });

  it("is the account's own: another account's key is FORBIDDEN", async () => {
    const stranger = await newAccount();
    expect((await balances(owner.accountId, stranger.apiKey)).body).toEqual(FORBIDDEN);
  });
});
