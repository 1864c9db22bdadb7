import { authedOperation } from '../core/http/operation';
import { membershipsOf } from './member-store';

/** A user's own memberships; an API key's "membership" is its own account with its role. */
export const listOwnMemberships = authedOperation(async ({ auth }) => {
  const { principal } = auth;
  if (principal.kind === 'user') return membershipsOf(principal.userId!);
  const { account } = principal;
  return [{ accountName: account.name, accountId: account.id, accountType: account.type, role: principal.role }];
});
