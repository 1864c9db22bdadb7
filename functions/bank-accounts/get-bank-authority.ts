import { authedOperation } from '../core/http/operation';
import { loadBankAccount } from './load-bank-account';
import { bankAuthorityView } from './views';

/** The same stored bank account, as the deprecated API shows it. */
export const getBankAuthority = authedOperation(async (request) => bankAuthorityView(await loadBankAccount(request)));
