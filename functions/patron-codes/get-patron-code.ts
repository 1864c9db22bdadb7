import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findPatronCode, present } from './patron-code-store';

/** A code by id: the caller's own account's codes only (expired ones stay readable). */
export const getPatronCode = authedOperation(async ({ params, auth }) => {
  const code = await findPatronCode(params.patronCodeId);
  if (!code) throw forbidden();
  await auth.access.account(code.accountId);
  return present(code);
});
