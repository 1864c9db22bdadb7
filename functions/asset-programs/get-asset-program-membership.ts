import { authedOperation } from '../core/http/operation';
import { eitherAccount, findNamedMembership } from './load';
import { presentMembership } from './store';

/** Its member account and the program's owner read a membership. */
export const getAssetProgramMembership = authedOperation(async (request) => {
  const membership = await findNamedMembership(request);
  await eitherAccount(request.auth.access, membership.accountId, membership.programAccountId);
  return presentMembership(membership);
});
