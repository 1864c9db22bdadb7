import { businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findPatronCodeByExternalId, present } from './patron-code-store';

/** A code of the caller's account by namespace and external id. */
export const getPatronCodeByExternalId = authedOperation(async ({ params, auth }) => {
  const code = await findPatronCodeByExternalId(auth.principal.accountId, params.namespace, params.externalId);
  if (!code) throw businessRule('PATRON_CODE_INVALID');
  return present(code);
});
