import { authedOperation } from '../core/http/operation';
import { bankBalances, queryBankAccounts } from './bank-account-store';

/**
 * The balances the platform knows: those of the account's test bank accounts, held at the simulated bank, which
 * opens every account at zero and applies each transfer the platform initiates through it when it puts the
 * transfer's line on the statement, to a balance kept in that line's transaction (bank-account-store.ts
 * `statementLineSteps`): one read per bank account, however long its statement. All of it is available (the
 * simulated bank holds nothing back). Live and archived bank accounts are left out: no open-banking provider reports
 * them. The list is bounded by the account's bank accounts (at most 50).
 */
export const listBankAccountBalances = authedOperation(async ({ params, auth }) => {
  const account = await auth.access.account(params.accountId);
  const held = (await queryBankAccounts(account.id)).filter((bank) => bank.test === true && bank.status !== 'archived');
  const balances = await bankBalances(held.map((bank) => bank.id));
  return {
    items: held.map((bank) => {
      const balance = decimal(balances.get(bank.id) ?? 0n);
      return {
        bankAccountId: bank.id,
        bankAccountNumber: bank.bankAccountNumber,
        balance,
        availableBalance: balance,
        test: true,
      };
    }),
  };
});

const decimal = (cents: bigint): string => {
  const sign = cents < 0n ? '-' : '';
  const magnitude = cents < 0n ? -cents : cents;
  return `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
};
