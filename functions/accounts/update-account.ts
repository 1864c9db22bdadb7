import type { FromSchema } from 'json-schema-to-ts';
import type { updateAccountBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { updateAccountRecord } from './account-store';

type Body = FromSchema<typeof updateAccountBody>;

export const updateAccount = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const account = await auth.access.account(params.accountId);
  return updateAccountRecord(account.id, { name: body.name }, auth.principal.crn, now);
});
