import type { FromSchema } from 'json-schema-to-ts';
import type { paymentOptionConfig } from './schemas';
import { describeAssetType, type AssetTypeInfo } from '../core/asset-types';
import { badRequest, businessRule } from '../core/errors/classes';
import { findMerchantCollections } from '../tokens';
import { findWalletAsset } from '../wallet-assets';

export type PaymentOptionConfig = FromSchema<typeof paymentOptionConfig>;

export interface CheckedOption {
  option: PaymentOptionConfig;
  info: AssetTypeInfo;
  /** A wallet-kind option without walletId gets a new settlement wallet. */
  needsSettlementWallet: boolean;
}

/**
 * Checks every payment option against the payment option rules (https://docs.centrapay.com/api/merchant-configs)
 * before anything is written, so a bad config never leaves a settlement wallet or a half-made record behind.
 */
export async function checkPaymentOptions(
  options: PaymentOptionConfig[],
  merchant: { id: string; accountId: string; test: boolean },
): Promise<CheckedOption[]> {
  const checked: CheckedOption[] = [];
  for (const [index, option] of options.entries()) {
    const field = `paymentOptions.${index}`;
    const info = describeAssetType(option.type);
    if (!info) throw badRequest(`${field}.type is not a supported asset type`);
    if ((info.liveness === 'test') !== merchant.test) throw businessRule('LIVENESS_MISMATCH');
    const requireField = (name: keyof PaymentOptionConfig) => {
      const value = option[name];
      if (value === undefined || (Array.isArray(value) && value.length === 0))
        throw badRequest(`${field}.${name} is required for ${option.type}`);
    };
    if (info.kind === 'processor') {
      requireField('processorMerchantAccountId');
      requireField('processorStoreId');
    }
    if (info.kind === 'external-provider') requireField('externalMerchantId');
    if (info.kind === 'ledger') requireField('collectionIds');
    if (option.collectionIds?.length) await checkCollections(option.collectionIds, info, merchant);
    if (info.kind === 'wallet' && option.walletId)
      await checkSettlementWallet(option.walletId, option.type, merchant.accountId);
    checked.push({ option, info, needsSettlementWallet: info.kind === 'wallet' && !option.walletId });
  }
  return checked;
}

/** walletId must be a settlement wallet asset of the merchant's account, of the option's type. */
async function checkSettlementWallet(walletId: string, type: string, accountId: string): Promise<void> {
  const wallet = await findWalletAsset(walletId);
  if (
    !wallet ||
    wallet.accountId !== accountId ||
    !wallet.settlement ||
    wallet.type !== type ||
    wallet.status !== 'active'
  ) {
    throw businessRule('INVALID_WALLET_TYPE');
  }
}

/**
 * Every collection must be one the merchant may name (its account's, or another issuer's that agreed
 * a redemption condition with it: a missing one and any other answer alike), of the option's
 * liveness, and (for ledger types) not a discount collection.
 */
async function checkCollections(
  ids: string[],
  info: AssetTypeInfo,
  merchant: { id: string; accountId: string },
): Promise<void> {
  const found = await findMerchantCollections(ids, merchant);
  for (const id of ids) {
    const collection = found.get(id);
    if (!collection) throw businessRule('COLLECTIONS_INVALID');
    if ((collection.test === true) !== (info.liveness === 'test')) throw businessRule('COLLECTIONS_INVALID');
    if (info.kind === 'ledger' && collection.type === 'discount') throw businessRule('COLLECTIONS_INVALID');
  }
}
