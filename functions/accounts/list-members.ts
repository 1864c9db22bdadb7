import { authedOperation } from '../core/http/operation';
import { listMembers as membersOf } from './member-store';

export const listMembers = authedOperation(async ({ params, auth }) =>
  membersOf(await auth.access.account(params.accountId)),
);
