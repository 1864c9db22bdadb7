import type { FromSchema } from 'json-schema-to-ts';
import type { accountMembershipsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { queryAccountMemberships } from './store';

export const listAccountMemberships = authedOperation<unknown, FromSchema<typeof accountMembershipsQuery>>(
  async ({ params, query, auth }) => {
    const account = await auth.access.account(params.accountId);
    return queryAccountMemberships(account.id, query);
  },
);
