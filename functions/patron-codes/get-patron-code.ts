import { invalidRequest, businessRule, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { isValidBarcode } from './barcode';
import {
  findPatronCode,
  findPatronCodeByBarcode,
  findPatronCodeByExternalId,
  present,
  readableCode,
} from './patron-code-store';

/** A code by id: the caller's own account's codes only (expired ones stay readable). */
export const getPatronCode = authedOperation(async ({ params, auth }) => {
  const code = await findPatronCode(params.patronCodeId);
  if (!code) throw forbidden();
  await auth.access.account(code.accountId);
  return present(code);
});

/**
 * A code of the caller's account by barcode; only unexpired codes answer. A merchant that scans a
 * patron's code uses it by creating a payment request with the barcode, never by reading the
 * patron's code: another account's code answers like a missing one.
 */
export const getPatronCodeByBarcode = authedOperation(async ({ params, auth, now }) => {
  if (!isValidBarcode(params.barcode)) throw invalidRequest('CHECKSUM_FAILED');
  return present(await readableCode(auth.access, await findPatronCodeByBarcode(params.barcode, now)));
});

/** A code of the caller's account by namespace and external id. */
export const getPatronCodeByExternalId = authedOperation(async ({ params, auth }) => {
  const code = await findPatronCodeByExternalId(auth.principal.accountId, params.namespace, params.externalId);
  if (!code) throw businessRule('PATRON_CODE_INVALID');
  return present(code);
});
