import type { FromSchema } from 'json-schema-to-ts';
import type { merchantConfigBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { loadMerchant } from './load-merchant';
import { insertMerchantConfig } from './merchant-config-store';

type Body = FromSchema<typeof merchantConfigBody>;

export const createMerchantConfig = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const merchant = await loadMerchant(params.merchantId, auth.access);
  return insertMerchantConfig(merchant, body, auth.principal.crn, now);
});
