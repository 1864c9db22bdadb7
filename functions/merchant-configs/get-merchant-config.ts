import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findMerchantConfig, present, type StoredMerchantConfig } from './merchant-config-store';
import type { Access } from '../core/auth/access';

export async function loadConfig(configId: string, access: Access): Promise<StoredMerchantConfig> {
  const found = await findMerchantConfig(configId);
  if (!found) throw forbidden();
  await access.account(found.merchantAccountId);
  return found;
}

export const getMerchantConfig = authedOperation(async ({ params, auth }) =>
  present(await loadConfig(params.configId, auth.access)),
);

/** Deprecated path; older clients pass the id without its `mc_` prefix. */
export const getMerchantConfigOfMerchant = authedOperation(async ({ params, auth }) => {
  const id = params.configId.startsWith('mc_') ? params.configId : `mc_${params.configId}`;
  const found = await loadConfig(id, auth.access);
  if (found.merchantId !== params.merchantId) throw forbidden();
  return present(found);
});
