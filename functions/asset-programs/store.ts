import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  accountConfigsPartition,
  accountMembershipsPartition,
  assetProgramEntity,
  configEntity,
  memberGuardEntity,
  membershipEntity,
  programConfigsPartition,
  programMembershipsPartition,
  publishedProgramsPartition,
  type AssetProgram,
  type AssetProgramConfig,
  type AssetProgramMembership,
  type StoredAssetProgram,
  type StoredConfig,
  type StoredMembership,
} from './entities';
import { assetProgram, assetProgramConfig, assetProgramMembership } from './schemas';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { publicView, type Entity } from '../core/db/entity';
import { newestFirstPage, paginationLimit, queryPage, type Page } from '../core/db/pagination';
import { runTransaction, TransactionConflictError } from '../core/db/transaction';
import { replaceVersioned } from '../core/db/versioned';
import { businessRule } from '../core/errors/classes';

type PageRequest = { pageKey?: string; paginationLimit?: number };
const table = () => config().tableName;

async function find<T extends object>(entity: Entity<T, [id: string]>, id: string): Promise<T | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: entity.key(id), ConsistentRead: true }));
  return out.Item ? entity.parse(out.Item) : undefined;
}

async function insert<T extends object>(entity: Entity<T, [id: string]>, record: T): Promise<void> {
  await db().send(
    new PutCommand({ TableName: table(), Item: entity.item(record), ConditionExpression: 'attribute_not_exists(PK)' }),
  );
}

export const findProgram = (id: string) => find(assetProgramEntity, id);
export const insertProgram = (program: StoredAssetProgram) => insert(assetProgramEntity, program);
export const replaceProgram = (current: StoredAssetProgram, next: StoredAssetProgram) =>
  replaceVersioned(assetProgramEntity, current, next);
export const presentProgram = (program: AssetProgram): AssetProgram => publicView<AssetProgram>(assetProgram, program);

export function queryPublishedPrograms(test: boolean, page: PageRequest): Promise<Page<AssetProgram>> {
  return newestFirstPage(publishedProgramsPartition(test), page, (item) =>
    presentProgram(assetProgramEntity.parse(item)),
  );
}

export const findMembership = (id: string) => find(membershipEntity, id);
export const replaceMembership = (current: StoredMembership, next: StoredMembership) =>
  replaceVersioned(membershipEntity, current, next);
export const presentMembership = (membership: AssetProgramMembership): AssetProgramMembership =>
  publicView<AssetProgramMembership>(assetProgramMembership, membership);

/** A new membership and its guard in one transaction: an account joins a program once (MEMBERSHIP_ALREADY_EXISTS). */
export async function insertMembership(membership: StoredMembership): Promise<void> {
  const guard = {
    assetProgramId: membership.assetProgramId,
    accountId: membership.accountId,
    membershipId: membership.id,
  };
  await runTransaction([
    {
      item: {
        Put: {
          TableName: table(),
          Item: membershipEntity.item(membership),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
    {
      item: {
        Put: {
          TableName: table(),
          Item: memberGuardEntity.item(guard),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      onConditionFailed: () => businessRule('MEMBERSHIP_ALREADY_EXISTS'),
    },
  ]);
}

export function queryAccountMemberships(
  accountId: string,
  page: PageRequest & { status?: string },
): Promise<Page<AssetProgramMembership>> {
  const partition = accountMembershipsPartition(accountId);
  const map = (item: Record<string, unknown>) => presentMembership(membershipEntity.parse(item));
  if (!page.status) return newestFirstPage(partition, page, map);
  return queryPage(
    {
      TableName: table(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      FilterExpression: '#status = :status',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pk': partition, ':status': page.status },
      ScanIndexForward: false,
    },
    // The status is part of the listing: a page key of one status is refused by another's.
    { scope: `${partition}#${page.status}`, limit: paginationLimit(page.paginationLimit), pageKey: page.pageKey, map },
  );
}

export function queryProgramMemberships(
  programId: string,
  status: string,
  page: PageRequest,
): Promise<Page<AssetProgramMembership>> {
  return newestFirstPage(
    programMembershipsPartition(programId, status),
    page,
    (item) => presentMembership(membershipEntity.parse(item)),
    undefined,
    'GSI2',
  );
}

export const findConfig = (id: string) => find(configEntity, id);
export const presentConfig = (record: AssetProgramConfig): AssetProgramConfig =>
  publicView<AssetProgramConfig>(assetProgramConfig, record);

/** Writes a config unless its id (one per membership and merchant) is taken; answers the stored one. */
export async function insertConfig(record: StoredConfig): Promise<StoredConfig> {
  try {
    await insert(configEntity, record);
    return record;
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    const stored = await findConfig(record.id);
    if (!stored) throw new TransactionConflictError();
    return stored;
  }
}

export function queryAccountConfigs(accountId: string, page: PageRequest): Promise<Page<AssetProgramConfig>> {
  return newestFirstPage(accountConfigsPartition(accountId), page, (item) => presentConfig(configEntity.parse(item)));
}

export function queryProgramConfigs(programId: string, page: PageRequest): Promise<Page<AssetProgramConfig>> {
  return newestFirstPage(
    programConfigsPartition(programId),
    page,
    (item) => presentConfig(configEntity.parse(item)),
    undefined,
    'GSI2',
  );
}
