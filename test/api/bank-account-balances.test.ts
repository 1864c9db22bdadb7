import { api, FORBIDDEN, newAccount, type TestAccount } from '../support/api';
import { newBankAccount } from '../support/bank';
import { bankAccountOf, fund, newWallet, topUp, withdraw } from '../support/funds';
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
