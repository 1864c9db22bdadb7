import type { FromSchema } from 'json-schema-to-ts';
import { SUBSCRIPTIONS, type setSubscriptionsBody } from './schemas';
import { businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findAccount, updateAccountRecord } from './account-store';

type Body = FromSchema<typeof setSubscriptionsBody>;
const KNOWN: readonly string[] = SUBSCRIPTIONS;

/** The platform operator's: a missing account is INVALID_ACCOUNT_ID (the documented code), not FORBIDDEN. */
export const setSubscriptions = authedOperation<Body>(async ({ params, body, auth, now }) => {
  if (!(await findAccount(params.accountId))) throw businessRule('INVALID_ACCOUNT_ID');
  const account = await auth.access.account(params.accountId);
  if (body.subscriptions.some((name) => !KNOWN.includes(name))) throw businessRule('INVALID_SUBSCRIPTION');
  const updated = await updateAccountRecord(account.id, { subscriptions: body.subscriptions }, auth.principal.crn, now);
  return { subscriptions: updated.subscriptions };
});
