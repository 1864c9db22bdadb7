import { authedOperation } from '../core/http/operation';
import { loadMerchant } from './load-merchant';
import { queryMerchantConfigs } from './merchant-config-store';

export const listMerchantConfigs = authedOperation(async ({ params, auth }) => {
  const merchant = await loadMerchant(params.merchantId, auth.access);
  return queryMerchantConfigs(merchant.id);
});
