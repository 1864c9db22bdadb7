import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { accountAliasesPartition, verifiedAliasEntity, type VerifiedAlias } from './entities';
import { isoTimestamp } from '../core/clock';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { queryAll } from '../core/db/pagination';
import { runTransaction } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';

/** The account an alias was verified for, if any. */
export async function findAliasOwner(alias: string): Promise<string | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: config().tableName, Key: verifiedAliasEntity.key(alias), ConsistentRead: true }),
  );
  return out.Item ? verifiedAliasEntity.parse(out.Item).accountId : undefined;
}

/** Records that an alias is the account's (once: another account's alias is ALIAS_ALREADY_VERIFIED). */
export async function putVerifiedAlias(
  accountId: string,
  alias: string,
  by: string,
  now: Date,
): Promise<VerifiedAlias> {
  const verified: VerifiedAlias = { alias, accountId, verifiedAt: isoTimestamp(now), verifiedBy: by };
  await runTransaction([
    {
      item: {
        Put: {
          TableName: config().tableName,
          Item: verifiedAliasEntity.item(verified),
          ConditionExpression: 'attribute_not_exists(PK) OR accountId = :account',
          ExpressionAttributeValues: { ':account': accountId },
        },
      },
      onConditionFailed: () => businessRule('ALIAS_ALREADY_VERIFIED'),
    },
  ]);
  return verified;
}

/** An account's verified aliases (a handful). */
export async function listAccountAliases(accountId: string): Promise<string[]> {
  const items = await queryAll({
    TableName: config().tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': accountAliasesPartition(accountId) },
  });
  return items.map((item) => verifiedAliasEntity.parse(item).alias);
}
