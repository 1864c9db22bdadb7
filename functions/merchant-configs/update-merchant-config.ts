import type { FromSchema } from 'json-schema-to-ts';
import type { merchantConfigBody } from './schemas';
import { retryOnConflict } from '../core/db/transaction';
import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { loadMerchant } from './load-merchant';
import { findMerchantConfig, replaceMerchantConfig } from './merchant-config-store';

type Body = FromSchema<typeof merchantConfigBody>;

export const updateMerchantConfig = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const merchant = await loadMerchant(params.merchantId, auth.access);
  return retryOnConflict(async () => {
    const current = await findMerchantConfig(params.configId);
    if (!current || current.merchantId !== merchant.id) throw forbidden();
    return replaceMerchantConfig(current, merchant, body, auth.principal.crn, now);
  });
});
