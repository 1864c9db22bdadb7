import type { FromSchema } from 'json-schema-to-ts';
import { merchantConfig, paymentOptionConfig, type merchantConfigBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { publicView } from '../core/db/entity';
import {
  merchantConfigEntity,
  merchantConfigsPartition,
  type MerchantConfig,
  type StoredMerchantConfig,
} from './entities';
import { newId } from '../core/ids';
import { declaredOnly } from '../core/validation/declared-only';
import { setAcceptedAssetTypes } from '../merchants';
import { insertWalletAsset } from '../wallet-assets';
import { checkPaymentOptions, type PaymentOptionConfig } from './payment-option-rules';
import { madeBy } from '../core/audit';

export type { MerchantConfig, StoredMerchantConfig } from './entities';
type ConfigInput = FromSchema<typeof merchantConfigBody>;

export interface ConfigMerchant {
  id: string;
  accountId: string;
  test: boolean;
}

/** Checks the options, then creates any settlement wallets they need, then the options as stored. */
async function resolveOptions(
  input: ConfigInput,
  merchant: ConfigMerchant,
  actor: string,
  now: Date,
): Promise<PaymentOptionConfig[]> {
  const checked = await checkPaymentOptions(
    input.paymentOptions.map((option) => declaredOnly(paymentOptionConfig, option)),
    merchant,
  );
  const options: PaymentOptionConfig[] = [];
  for (const { option, needsSettlementWallet } of checked) {
    if (!needsSettlementWallet) {
      options.push(option);
      continue;
    }
    const wallet = await insertWalletAsset(
      { accountId: merchant.accountId, accountTest: merchant.test, ledgerId: option.type, settlement: true },
      actor,
      now,
    );
    options.push({ ...option, walletId: wallet.id });
  }
  return options;
}

export async function insertMerchantConfig(
  merchant: ConfigMerchant,
  input: ConfigInput,
  createdBy: string,
  now: Date,
): Promise<MerchantConfig> {
  const paymentOptions = await resolveOptions(input, merchant, createdBy, now);
  const at = isoTimestamp(now);
  const stored: StoredMerchantConfig = {
    id: newId('merchantConfig'),
    merchantId: merchant.id,
    paymentOptions,
    ...(input.allowedRedirectUrls ? { allowedRedirectUrls: input.allowedRedirectUrls } : {}),
    ...madeBy(createdBy, at),
    merchantAccountId: merchant.accountId,
    test: merchant.test,
    version: 1,
  };
  await merchantConfigEntity.create(stored);
  await refreshAcceptedAssets(merchant.id);
  return present(stored);
}

/** Keeps the merchant's accepted asset types (used by merchant search) in step with its configs. */
async function refreshAcceptedAssets(merchantId: string): Promise<void> {
  const configs = await queryMerchantConfigs(merchantId);
  await setAcceptedAssetTypes(
    merchantId,
    [...new Set(configs.flatMap((c) => c.paymentOptions.map((o) => o.type)))].sort(),
  );
}

/** Replaces options and redirect URLs, conditional on the version read (no lost updates). */
export async function replaceMerchantConfig(
  current: StoredMerchantConfig,
  merchant: ConfigMerchant,
  input: ConfigInput,
  updatedBy: string,
  now: Date,
): Promise<MerchantConfig> {
  const paymentOptions = await resolveOptions(input, merchant, updatedBy, now);
  const { allowedRedirectUrls: _previous, ...kept } = current;
  const next = await merchantConfigEntity.replace(current, {
    ...kept,
    paymentOptions,
    ...(input.allowedRedirectUrls ? { allowedRedirectUrls: input.allowedRedirectUrls } : {}),
    updatedAt: isoTimestamp(now),
    updatedBy,
  });
  await refreshAcceptedAssets(next.merchantId);
  return present(next);
}

export const findMerchantConfig = (id: string): Promise<StoredMerchantConfig | undefined> =>
  merchantConfigEntity.get(id);

/** Configs of one merchant, oldest first: a small, bounded set (a bare array: docs/api/conventions.md#lists). */
export async function queryMerchantConfigs(merchantId: string): Promise<MerchantConfig[]> {
  const configs = await merchantConfigEntity.all({ partition: merchantConfigsPartition(merchantId), index: 'GSI1' });
  return configs.map(present);
}

/** The public view: the MerchantConfig schema's fields only. */
export function present(stored: StoredMerchantConfig): MerchantConfig {
  return publicView<MerchantConfig>(merchantConfig, stored);
}
