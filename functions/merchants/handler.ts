import { groupHandler } from '../group-lambda';
import { createMerchant } from './create-merchant';
import { getMerchant } from './get-merchant';
import { listAccountMerchants, listMyMerchants } from './list-merchants';
import { listSupportedWallets } from './list-supported-wallets';
import { searchMerchants } from './search-merchants';
import { setMerchantMetadata } from './set-merchant-metadata';
import { setOnboardingStatus } from './set-onboarding-status';
import { updateMerchant } from './update-merchant';

export const handler = groupHandler('merchants', {
  createMerchant,
  getMerchant,
  listAccountMerchants,
  listMyMerchants,
  updateMerchant,
  setOnboardingStatus,
  setMerchantMetadata,
  searchMerchants,
  listSupportedWallets,
});
