import { invalidRequest } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { isValidBarcode } from './barcode';
import { findPatronCodeByBarcode, present, readableCode } from './patron-code-store';

/**
 * A code of the caller's account by barcode; only unexpired codes answer. A merchant that scans a
 * patron's code uses it by creating a payment request with the barcode, never by reading the
 * patron's code: another account's code answers like a missing one.
 */
export const getPatronCodeByBarcode = authedOperation(async ({ params, auth, now }) => {
  if (!isValidBarcode(params.barcode)) throw invalidRequest('CHECKSUM_FAILED');
  return present(await readableCode(auth.access, await findPatronCodeByBarcode(params.barcode, now)));
});
