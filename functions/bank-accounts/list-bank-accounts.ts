import { authedOperation } from '../core/http/operation';
import { queryBankAccounts } from './bank-account-store';
import { bankAccountView } from './views';

export const listBankAccounts = authedOperation(async ({ params, auth }) => {
  const account = await auth.access.account(params.accountId);
  return (await queryBankAccounts(account.id)).map(bankAccountView);
});
