import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { FromSchema } from 'json-schema-to-ts';
import { merchantConfig, paymentOptionConfig, type merchantConfigBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { publicView } from '../core/db/entity';
import {
  merchantConfigEntity,
  merchantConfigsPartition,
  type MerchantConfig,
  type StoredMerchantConfig,
} from './entities';
import { queryAll } from '../core/db/pagination';
import { TransactionConflictError } from '../core/db/transaction';
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
  await db().send(
    new PutCommand({
      TableName: config().tableName,
      Item: merchantConfigEntity.item(stored),
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
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
  const next: StoredMerchantConfig = {
    ...kept,
    paymentOptions,
    ...(input.allowedRedirectUrls ? { allowedRedirectUrls: input.allowedRedirectUrls } : {}),
    updatedAt: isoTimestamp(now),
    updatedBy,
    version: current.version + 1,
  };
  try {
    await db().send(
      new PutCommand({
        TableName: config().tableName,
        Item: merchantConfigEntity.item(next),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': current.version },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new TransactionConflictError();
    throw error;
  }
  await refreshAcceptedAssets(next.merchantId);
  return present(next);
}

export async function findMerchantConfig(id: string): Promise<StoredMerchantConfig | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: config().tableName, Key: merchantConfigEntity.key(id), ConsistentRead: true }),
  );
  return out.Item ? merchantConfigEntity.parse(out.Item) : undefined;
}

/** Configs of one merchant, oldest first: a small, bounded set (a bare array: docs/api/conventions.md#lists). */
export async function queryMerchantConfigs(merchantId: string): Promise<MerchantConfig[]> {
  const items = await queryAll({
    TableName: config().tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': merchantConfigsPartition(merchantId) },
  });
  return items.map((item) => present(merchantConfigEntity.parse(item)));
}

/** The public view: the MerchantConfig schema's fields only. */
export function present(stored: StoredMerchantConfig): MerchantConfig {
  return publicView<MerchantConfig>(merchantConfig, stored);
}
