import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { merchant as merchantSchema } from './schemas';
import { isoTimestamp } from '../core/clock';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { publicView } from '../core/db/entity';
import { accountMerchantsPartition, merchantEntity, type Merchant, type StoredMerchant } from './entities';
import { newestFirstPage, type Page } from '../core/db/pagination';
import { TransactionConflictError } from '../core/db/transaction';
import { newId } from '../core/ids';
import { madeBy } from '../core/audit';

export type { Merchant, StoredMerchant } from './entities';

export type NewMerchant = Pick<
  Merchant,
  'accountId' | 'name' | 'country' | 'test' | 'type' | 'settlementConfig' | 'location' | 'categoryCode'
>;

export async function insertMerchant(input: NewMerchant, createdBy: string, now: Date): Promise<Merchant> {
  const { merchant, put } = merchantCreation(input, createdBy, now);
  await db().send(new PutCommand(put));
  return merchant;
}

/**
 * The write that creates a merchant (`applied`, conditional on its id being new), for a caller that
 * creates it in one transaction with records of its own (batch onboarding), and the merchant as it
 * will read. `id` is given where a repeated message must find the same merchant again.
 */
export function merchantCreation(input: NewMerchant, createdBy: string, now: Date, id = newId()) {
  const at = isoTimestamp(now);
  const stored: StoredMerchant = {
    id,
    ...withoutUndefined(input),
    onboardingStatus: 'applied',
    ...madeBy(createdBy, at),
    version: 1,
    activityCount: 0,
  };
  const put = {
    TableName: config().tableName,
    Item: merchantEntity.item(stored),
    ConditionExpression: 'attribute_not_exists(PK)',
  };
  return { merchant: present(stored), put };
}

export async function findMerchant(id: string): Promise<StoredMerchant | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: config().tableName, Key: merchantEntity.key(id), ConsistentRead: true }),
  );
  return out.Item ? merchantEntity.parse(out.Item) : undefined;
}

/** Merchants of an account, newest first, a page at a time. */
export function queryAccountMerchants(
  accountId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<Merchant>> {
  return newestFirstPage(accountMerchantsPartition(accountId), page, (item) => present(merchantEntity.parse(item)));
}

/** Writes the whole merchant back, conditional on the version read (no lost updates). */
export async function saveMerchant(current: StoredMerchant, next: StoredMerchant): Promise<StoredMerchant> {
  const saved = { ...next, version: current.version + 1 };
  try {
    await db().send(
      new PutCommand({
        TableName: config().tableName,
        Item: merchantEntity.item(saved),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': current.version },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new TransactionConflictError();
    throw error;
  }
  return saved;
}

/** Onboarding statuses the first successful payment request moves to `active`. */
const ACTIVATED_BY_FIRST_REQUEST: readonly Merchant['onboardingStatus'][] = ['applied', 'provisioning'];

/**
 * The first successful payment request makes a merchant active; later ones change nothing. A
 * merchant read in another status is not written at all (a refused conditional write is still billed).
 */
export async function activateMerchantOnFirstRequest(
  merchant: Pick<Merchant, 'id' | 'onboardingStatus'>,
  now: Date,
): Promise<void> {
  if (!ACTIVATED_BY_FIRST_REQUEST.includes(merchant.onboardingStatus)) return;
  const merchantId = merchant.id;
  try {
    await db().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: merchantEntity.key(merchantId),
        UpdateExpression: 'SET onboardingStatus = :active, updatedAt = :at REMOVE onboardingStatusReason',
        ConditionExpression: 'onboardingStatus IN (:applied, :provisioning)',
        ExpressionAttributeValues: {
          ':active': 'active',
          ':applied': ACTIVATED_BY_FIRST_REQUEST[0],
          ':provisioning': ACTIVATED_BY_FIRST_REQUEST[1],
          ':at': isoTimestamp(now),
        },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}

/** What payment option types a merchant accepts, kept on the merchant for search. */
export async function setAcceptedAssetTypes(merchantId: string, types: string[]): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: merchantEntity.key(merchantId),
      UpdateExpression: 'SET acceptedAssetTypes = :types',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':types': types },
    }),
  );
}

/** The public view: the Merchant schema's fields only. */
export function present(stored: StoredMerchant): Merchant {
  return publicView<Merchant>(merchantSchema, stored);
}

export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
