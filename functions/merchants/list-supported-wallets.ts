import { authedOperation } from '../core/http/operation';
import { listWallets } from '../wallets';
import { loadMerchantFor } from './load-merchant';

/** Wallet apps that can pay this merchant: those holding an asset type the merchant's configs accept. */
export const listSupportedWallets = authedOperation(async ({ params, auth }) => {
  const merchant = await loadMerchantFor(params.merchantId, auth.access);
  const accepted = new Set(merchant.acceptedAssetTypes ?? []);
  return (await listWallets()).filter((wallet) => wallet.assetTypes.some((assetType) => accepted.has(assetType.id)));
});
