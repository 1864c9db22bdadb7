import { ApiError, businessRule, forbidden } from '../core/http/errors';
import { authedOperation } from '../core/http/operation';
import { isValidBarcode } from './barcode';
import { findPatronCode, findPatronCodeByBarcode, findPatronCodeByExternalId, present } from './patron-code-store';

/** A code by id: the caller's own account's codes only (expired ones stay readable). */
export const getPatronCode = authedOperation(async ({ params, auth }) => {
  const code = await findPatronCode(params.patronCodeId);
  if (!code) throw forbidden();
  await auth.access.account(code.accountId);
  return present(code);
});

/**
 * A code by barcode. Patrons show codes at other businesses' tills, so any account allowed to
 * read patron codes may look one up by its barcode; only unexpired codes answer.
 */
export const getPatronCodeByBarcode = authedOperation(async ({ params, now }) => {
  if (!isValidBarcode(params.barcode)) throw new ApiError(400, 'CHECKSUM_FAILED');
  const code = await findPatronCodeByBarcode(params.barcode, now);
  if (!code) throw businessRule('PATRON_CODE_INVALID');
  return present(code);
});

/** A code of the caller's account by namespace and external id. */
export const getPatronCodeByExternalId = authedOperation(async ({ params, auth }) => {
  const code = await findPatronCodeByExternalId(auth.principal.accountId, params.namespace, params.externalId);
  if (!code) throw businessRule('PATRON_CODE_INVALID');
  return present(code);
});
