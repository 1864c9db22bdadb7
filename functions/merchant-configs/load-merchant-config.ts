import type { Access } from '../core/auth/access';
import { forbidden } from '../core/errors/classes';
import { findMerchantConfig, type StoredMerchantConfig } from './merchant-config-store';

/** The config of a path parameter, if the caller may act on its merchant's account; else FORBIDDEN. */
export async function loadConfig(configId: string, access: Access): Promise<StoredMerchantConfig> {
  const found = await findMerchantConfig(configId);
  if (!found) throw forbidden();
  await access.account(found.merchantAccountId);
  return found;
}
