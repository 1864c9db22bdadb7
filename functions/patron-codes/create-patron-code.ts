import type { FromSchema } from 'json-schema-to-ts';
import type { createPatronCodeBody } from './schemas';
import { badRequest, businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { insertPatronCode } from './patron-code-store';

type Body = FromSchema<typeof createPatronCodeBody>;

/** A code for the caller's account; usually no body. Test scenarios are for test accounts only. */
export const createPatronCode = authedOperation<Body>(async ({ body, auth, now }) => {
  const account = await auth.access.account(auth.principal.accountId);
  if (body.testScenarioName && !account.test) throw businessRule('LIVENESS_MISMATCH');
  if (body.externalId && !body.namespace) throw badRequest('namespace is required with externalId');
  // Only the body's own fields: the code belongs to the caller's account whatever else the body names.
  const { testScenarioName, namespace, externalId, assetId } = body;
  return insertPatronCode({ accountId: account.id, testScenarioName, namespace, externalId, assetId }, now);
});
