import { authedOperation } from '../core/http/operation';
import { listWallets } from '../wallets';
import { loadMerchantFor } from './load-merchant';

/**
 * Wallet apps that can pay this merchant: those holding an asset type the merchant's configs accept,
 * named with its liveness (`svc.nzd.test`) or without (`svc.nzd` stands for both).
 */
export const listSupportedWallets = authedOperation(async ({ params, auth }) => {
  const merchant = await loadMerchantFor(params.merchantId, auth.access);
  const accepted = new Set(
    (merchant.acceptedAssetTypes ?? []).flatMap((type) => [type, type.replace(/\.(main|test)$/, '')]),
  );
  return (await listWallets()).filter((wallet) => wallet.assetTypes.some((assetType) => accepted.has(assetType.id)));
});
