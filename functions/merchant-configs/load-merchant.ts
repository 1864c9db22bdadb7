import type { Access } from '../core/auth/access';
import { forbidden } from '../core/errors/classes';
import { findMerchant } from '../merchants';
import type { ConfigMerchant } from './merchant-config-store';

/** The merchant of a path parameter, if the caller may act on its account; else FORBIDDEN. */
export async function loadMerchant(merchantId: string, access: Access): Promise<ConfigMerchant> {
  const merchant = await findMerchant(merchantId);
  if (!merchant) throw forbidden();
  await access.account(merchant.accountId);
  return { id: merchant.id, accountId: merchant.accountId, test: merchant.test === true };
}
