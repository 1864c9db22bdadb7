import type { FromSchema } from 'json-schema-to-ts';
import type { invitationsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { listAccountInvitations } from './invitation-store';

type Query = FromSchema<typeof invitationsQuery>;

export const listInvitations = authedOperation<unknown, Query>(async ({ params, query, auth }) => {
  const account = await auth.access.account(params.accountId);
  return listAccountInvitations(account.id, query);
});
