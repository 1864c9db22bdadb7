import type { FromSchema } from 'json-schema-to-ts';
import type { accountMembershipsQuery, programMembershipsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { eitherAccount, findNamedMembership, loadProgram } from './load';
import { listAccountMemberships, listProgramMemberships, presentMembership } from './store';

/** Its member account and the program's owner read a membership. */
export const getAssetProgramMembership = authedOperation(async (request) => {
  const membership = await findNamedMembership(request);
  await eitherAccount(request.auth.access, membership.accountId, membership.programAccountId);
  return presentMembership(membership);
});

/** A program's memberships in one status, newest first: its owner's listing. */
export const listProgramMembershipsOf = authedOperation<unknown, FromSchema<typeof programMembershipsQuery>>(
  async (request) => {
    const program = await loadProgram(request);
    return listProgramMemberships(program.id, request.query.status, request.query);
  },
);

export const listAccountMembershipsOf = authedOperation<unknown, FromSchema<typeof accountMembershipsQuery>>(
  async ({ params, query, auth }) => {
    const account = await auth.access.account(params.accountId);
    return listAccountMemberships(account.id, query);
  },
);
