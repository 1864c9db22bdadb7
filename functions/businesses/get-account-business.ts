import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findAccountBusiness, present } from './business-store';

/** The business of an account the caller may read; an account without one answers like a foreign one. */
export const getAccountBusiness = authedOperation(async ({ params, auth }) => {
  const account = await auth.access.account(params.accountId);
  const business = await findAccountBusiness(account.id);
  if (!business) throw forbidden();
  return present(business);
});
