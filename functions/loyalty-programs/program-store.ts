import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  accountProgramsPartition,
  loyaltyProgramEntity,
  type LoyaltyProgram,
  type StoredLoyaltyProgram,
} from './entities';
import { loyaltyProgram } from './schemas';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { publicView } from '../core/db/entity';
import { newestFirstPage, queryAll, type Page } from '../core/db/pagination';
import { replaceVersioned } from '../core/db/versioned';

const table = () => config().tableName;

export async function insertProgram(program: StoredLoyaltyProgram): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: loyaltyProgramEntity.item(program),
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

export async function findProgram(id: string): Promise<StoredLoyaltyProgram | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: loyaltyProgramEntity.key(id), ConsistentRead: true }),
  );
  return out.Item ? loyaltyProgramEntity.parse(out.Item) : undefined;
}

/** Replaces a program with its next state, conditional on the version read (a concurrent change conflicts and is retried). */
export const replaceProgram = (current: StoredLoyaltyProgram, next: StoredLoyaltyProgram) =>
  replaceVersioned(loyaltyProgramEntity, current, next);

export function listPrograms(
  accountId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<LoyaltyProgram>> {
  return newestFirstPage(accountProgramsPartition(accountId), page, (item) =>
    present(loyaltyProgramEntity.parse(item)),
  );
}

/**
 * The programs a patron can find, per account: active and public ones (merchant search lists them
 * for each merchant of the account). One query per account, a few at a time.
 */
export async function listedProgramsOf(accountIds: readonly string[]): Promise<Map<string, { id: string }[]>> {
  const listed = new Map<string, { id: string }[]>();
  const ids = [...new Set(accountIds)];
  for (let i = 0; i < ids.length; i += 25) {
    await Promise.all(
      ids.slice(i, i + 25).map(async (accountId) => {
        const items = await queryAll({
          TableName: table(),
          IndexName: 'GSI1',
          KeyConditionExpression: 'GSI1PK = :pk',
          FilterExpression: '#status = :active AND visibility = :public',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':pk': accountProgramsPartition(accountId),
            ':active': 'active',
            ':public': 'public',
          },
        });
        if (items.length)
          listed.set(
            accountId,
            items.map((item) => ({ id: loyaltyProgramEntity.parse(item).id })),
          );
      }),
    );
  }
  return listed;
}

export const present = (program: LoyaltyProgram): LoyaltyProgram => publicView<LoyaltyProgram>(loyaltyProgram, program);
