import type { Access } from '../core/auth/access';
import { forbidden } from '../core/errors/classes';
import { findMerchant, type StoredMerchant } from './merchant-store';

/** The merchant of an id, if the caller may act on its account under the route's permission; else FORBIDDEN. */
export async function loadMerchantFor(merchantId: string, access: Access): Promise<StoredMerchant> {
  const merchant = await findMerchant(merchantId);
  if (!merchant) throw forbidden();
  await access.account(merchant.accountId);
  return merchant;
}
