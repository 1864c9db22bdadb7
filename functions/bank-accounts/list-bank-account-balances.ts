import { authedOperation } from '../core/http/operation';
import { queryBankAccounts } from './bank-account-store';
import { statementLineEntity, type StatementLine } from './entities';
import { statementPartition } from './keys';

/**
 * How a statement line moves the bank account's balance: a top up debits it; a withdrawal, and a top up paid back
 * (aborted while it waited for the bank account's verification), pay into it.
 */
const DIRECTION: Record<StatementLine['kind'], bigint> = {
  topup: -1n,
  withdrawal: 1n,
  'topup-return': 1n,
  verification: 0n,
};

/**
 * The balances the platform knows: those of the account's test bank accounts, held at the simulated bank, which
 * opens every account at zero and applies each transfer the platform initiates through it when it puts the
 * transfer's line on the statement. The balance is the net of this bank account's lines, and all of it is available
 * (the simulated bank holds nothing back). Live and archived bank accounts are left out: no open-banking provider
 * reports them. The list is bounded by the account's bank accounts (at most 50).
 */
export const listBankAccountBalances = authedOperation(async ({ params, auth }) => {
  const account = await auth.access.account(params.accountId);
  const held = (await queryBankAccounts(account.id)).filter((bank) => bank.test === true && bank.status !== 'archived');
  const items = await Promise.all(
    held.map(async (bank) => {
      const balance = decimal(await statementNet(bank.bankAccountNumber, bank.id));
      return {
        bankAccountId: bank.id,
        bankAccountNumber: bank.bankAccountNumber,
        balance,
        availableBalance: balance,
        test: true,
      };
    }),
  );
  return { items };
});

/** The net, in cents, of the statement lines the platform put on the number for this bank account. */
async function statementNet(bankAccountNumber: string, bankAccountId: string): Promise<bigint> {
  const lines = await statementLineEntity.all({
    partition: statementPartition(bankAccountNumber),
    filter: { expression: 'bankAccountId = :id', values: { ':id': bankAccountId } },
  });
  return lines.reduce((sum, line) => sum + DIRECTION[line.kind] * BigInt(line.amount), 0n);
}

const decimal = (cents: bigint): string => {
  const sign = cents < 0n ? '-' : '';
  const magnitude = cents < 0n ? -cents : cents;
  return `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
};
