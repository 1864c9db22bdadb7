import type { FromSchema } from 'json-schema-to-ts';
import { SUBSCRIPTIONS, type setSubscriptionsBody } from './schemas';
import { businessRule } from '../core/http/errors';
import { authedOperation } from '../core/http/operation';
import { updateAccountRecord } from './account-store';

type Body = FromSchema<typeof setSubscriptionsBody>;
const KNOWN: readonly string[] = SUBSCRIPTIONS;

export const setSubscriptions = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const account = await auth.access.account(params.accountId);
  if (body.subscriptions.some((name) => !KNOWN.includes(name))) throw businessRule('INVALID_SUBSCRIPTION');
  const updated = await updateAccountRecord(account.id, { subscriptions: body.subscriptions }, auth.principal.crn, now);
  return { subscriptions: updated.subscriptions };
});
