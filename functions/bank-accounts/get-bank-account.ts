import { authedOperation } from '../core/http/operation';
import { loadBankAccount } from './load-bank-account';
import { bankAccountView } from './views';

export const getBankAccount = authedOperation(async (request) => bankAccountView(await loadBankAccount(request)));
