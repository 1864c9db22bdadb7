import type { FromSchema } from 'json-schema-to-ts';
import type { configsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { queryAccountConfigs } from './store';

export const listAccountConfigs = authedOperation<unknown, FromSchema<typeof configsQuery>>(
  async ({ params, query, auth }) => {
    const account = await auth.access.account(params.accountId);
    return queryAccountConfigs(account.id, query);
  },
);
