import type { StoredMerchantConfig } from '../merchant-configs';
import { describeAssetType, parseMoneyAssetType } from '../core/asset-types';
import { formatAmount, type Amount } from '../core/money';
import type { PaymentRequest } from './payment-request';

export type PaymentOption = PaymentRequest['paymentOptions'][number];

/**
 * The options a patron can pay a request with: the config's options that this platform settles
 * itself (wallet money in the request's currency). Options of other kinds (tokens, external
 * ledgers, processors, providers) are accepted in configs but settle through integrations this
 * platform does not hold yet, so they are not offered rather than offered and then failed.
 */
export function derivePaymentOptions(
  merchantConfig: StoredMerchantConfig,
  value: { currency: string; amount: Amount },
  preAuth: boolean,
): PaymentOption[] {
  const options: PaymentOption[] = [];
  for (const option of merchantConfig.paymentOptions) {
    const info = describeAssetType(option.type);
    if (info?.kind !== 'wallet' || !option.walletId) continue;
    if (parseMoneyAssetType(option.type)?.currency !== value.currency) continue;
    if (options.some((o) => o.assetType === option.type)) continue;
    options.push({ assetType: option.type, amount: formatAmount(value.amount) });
  }
  // A pre-auth holds one asset type only.
  return preAuth ? options.slice(0, 1) : options;
}
