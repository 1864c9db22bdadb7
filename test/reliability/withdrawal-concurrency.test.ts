import { newAccount, type TestAccount } from '../support/api';
import { bankAccountOf, bankReports, fund, newWallet, withdraw } from '../support/funds';
import { balances, newMerchant, newPaymentRequest, nzd, pay, type MerchantSetup } from '../support/payments';

// Each test makes its own accounts and drives the bank through several calls on a shared, loaded platform.
jest.setTimeout(60_000);

let merchant: MerchantSetup;
beforeAll(async () => {
  merchant = await newMerchant();
});

/** An account with a wallet holding `funds` and a verified centrapay bank account. */
async function holder(funds: string): Promise<{ account: TestAccount; walletId: string; bankAccountId: string }> {
  const account = await newAccount();
  const [walletId, bank] = await Promise.all([newWallet(account), bankAccountOf(account)]);
  await fund(account, walletId, funds);
  return { account, walletId, bankAccountId: bank.id };
}

describe('withdrawals under concurrency', () => {
  it('a withdrawal racing a pay and a second withdrawal never overdraws the wallet', async () => {
    for (const [each, rounds] of [
      ['600', 2],
      ['400', 2],
    ] as const) {
      for (let round = 0; round < rounds; round++) {
        const { account, walletId, bankAccountId } = await holder('1000');
        const pr = await newPaymentRequest(merchant, { value: nzd(each) });
        const [paid, first, second] = await Promise.all([
          pay({ ...account, walletId }, pr.id, `race-${each}-${round}`),
          withdraw(account, walletId, bankAccountId, each),
          withdraw(account, walletId, bankAccountId, each),
        ]);
        const won = [paid, first, second].filter((r) => r.status === 200).length;
        expect(won).toBe(Math.floor(1000 / Number(each)));
        expect([first, second].filter((r) => r.status !== 200).map((r) => r.body.message)).toEqual(
          Array(2 - [first, second].filter((r) => r.status === 200).length).fill('INSUFFICIENT_WALLET_BALANCE'),
        );
        if (paid.status !== 200) expect(paid.body.message).toBe('INSUFFICIENT_ASSET_VALUE');
        const held = [first, second].filter((r) => r.status === 200).length * Number(each);
        const spent = paid.status === 200 ? Number(each) : 0;
        expect(await balances(account.apiKey, walletId)).toEqual({
          balance: String(1000 - spent),
          available: String(1000 - spent - held),
        });
      }
    }
  });

  it('12 concurrent withdrawals of 300 from 1,000 reserve exactly 3', async () => {
    const { account, walletId, bankAccountId } = await holder('1000');
    const results = await Promise.all(
      Array.from({ length: 12 }, () => withdraw(account, walletId, bankAccountId, '300')),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(3);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.message).toBe('INSUFFICIENT_WALLET_BALANCE');
    expect(await balances(account.apiKey, walletId)).toEqual({ balance: '1000', available: '100' });
    await Promise.all(ok.map((r) => bankReports(r.body.id, 'settled')));
    expect(await balances(account.apiKey, walletId)).toEqual({ balance: '100', available: '100' });
  });

  it('an aborted or failed withdrawal restores the balance exactly, whatever report races it', async () => {
    const { account, walletId, bankAccountId } = await holder('1000');
    const created = await Promise.all([
      withdraw(account, walletId, bankAccountId, '250'),
      withdraw(account, walletId, bankAccountId, '350'),
    ]);
    expect(await balances(account.apiKey, walletId)).toEqual({ balance: '1000', available: '400' });
    const [failed, aborted] = created.map((r) => r.body.id);
    // Each withdrawal gets two conflicting reports at once: exactly one applies.
    const reports = await Promise.all([
      bankReports(failed, 'failed'),
      bankReports(failed, 'aborted'),
      bankReports(aborted, 'aborted'),
      bankReports(aborted, 'failed'),
    ]);
    for (const pair of [reports.slice(0, 2), reports.slice(2)]) {
      expect(pair.filter((r) => r.status === 200)).toHaveLength(1);
      expect(pair.find((r) => r.status !== 200)?.body.message).toBe('FUNDS_TRANSFER_ALREADY_COMPLETE');
    }
    expect(await balances(account.apiKey, walletId)).toEqual({ balance: '1000', available: '1000' });
    // A settle racing a fail: the wallet shows exactly the one that applied.
    const racing = (await withdraw(account, walletId, bankAccountId, '500')).body.id;
    const [settle, fail] = await Promise.all([bankReports(racing, 'settled'), bankReports(racing, 'failed')]);
    expect([settle, fail].filter((r) => r.status === 200)).toHaveLength(1);
    expect(await balances(account.apiKey, walletId)).toEqual(
      settle.status === 200 ? { balance: '500', available: '500' } : { balance: '1000', available: '1000' },
    );
  });
});
