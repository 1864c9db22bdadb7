import { authedOperation } from '../core/http/operation';
import { quotasOf } from './account-quotas';

export const getQuotas = authedOperation(async ({ params, auth, now }) =>
  quotasOf(await auth.access.account(params.accountId), now),
);
