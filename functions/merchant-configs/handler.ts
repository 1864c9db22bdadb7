import { groupHandler } from '../group-lambda';
import { createMerchantConfig } from './create-merchant-config';
import { getMerchantConfig, getMerchantConfigOfMerchant } from './get-merchant-config';
import { listMerchantConfigs } from './list-merchant-configs';
import { updateMerchantConfig } from './update-merchant-config';

export const handler = groupHandler('merchant-configs', {
  createMerchantConfig,
  getMerchantConfig,
  getMerchantConfigOfMerchant,
  listMerchantConfigs,
  updateMerchantConfig,
});
