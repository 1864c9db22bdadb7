import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { loadConfig } from './load-merchant-config';
import { present } from './merchant-config-store';

/** Deprecated path; older clients pass the id without its `mc_` prefix. */
export const getMerchantConfigOfMerchant = authedOperation(async ({ params, auth }) => {
  const id = params.configId.startsWith('mc_') ? params.configId : `mc_${params.configId}`;
  const found = await loadConfig(id, auth.access);
  if (found.merchantId !== params.merchantId) throw forbidden();
  return present(found);
});
