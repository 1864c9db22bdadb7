import { authedOperation } from '../core/http/operation';
import { queryMembers } from './member-store';

export const listMembers = authedOperation(async ({ params, auth }) =>
  queryMembers(await auth.access.account(params.accountId)),
);
