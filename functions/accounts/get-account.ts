import { authedOperation } from '../core/http/operation';

export const getAccount = authedOperation(async ({ params, auth }) => auth.access.account(params.accountId));
