import type { FromSchema } from 'json-schema-to-ts';
import { merchantConfig, paymentOptionConfig, type merchantConfigBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { publicView } from '../core/db/entity';
import {
  merchantConfigEntity,
  merchantConfigsPartition,
  SETTLING_CONFIGS_PARTITION,
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

/** A settlement wallet a merchant's config names: what the settlement run visits. */
export interface SettlementWalletOfMerchant {
  merchantId: string;
  walletId: string;
}

/**
 * Every settlement wallet named by a merchant config, each once, from the index of configs that name one; at most
 * `limit` configs are read (the caller logs reaching it).
 */
export async function settlementWalletsOfMerchants(
  limit: number,
): Promise<{ wallets: SettlementWalletOfMerchant[]; configsRead: number }> {
  const configs = await merchantConfigEntity.all({ partition: SETTLING_CONFIGS_PARTITION, index: 'GSI2', limit });
  const seen = new Map<string, SettlementWalletOfMerchant>();
  for (const config of configs)
    for (const option of config.paymentOptions)
      if (option.walletId) seen.set(option.walletId, { merchantId: config.merchantId, walletId: option.walletId });
  return { wallets: [...seen.values()], configsRead: configs.length };
}

/** The public view: the MerchantConfig schema's fields only. */
export function present(stored: StoredMerchantConfig): MerchantConfig {
  return publicView<MerchantConfig>(merchantConfig, stored);
}
