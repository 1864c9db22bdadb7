import { createHash, timingSafeEqual } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { publicView } from '../core/db/entity';
import { TransactionConflictError, type TransactionStep } from '../core/db/transaction';
import { intentEntity, type ConnectionIntent, type ConnectionIntentView } from './entities';
import { connectionIntent as intentSchema } from './schemas';

const table = () => config().tableName;

/** Where a connection intent's consent flow starts: the simulated bank's consent page, served by the platform. */
export const consentPath = (intentId: string, page?: 'approve' | 'decline' | 'complete') =>
  `/bank-consent/${encodeURIComponent(intentId)}${page ? `/${page}` : ''}`;
export const authorizationUrl = (intentId: string) => `${config().appBaseUrl}${consentPath(intentId)}`;

/** docs/api/conventions.md: the create response stamps times as `<date> <time> UTC`. */
const utcStamp = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

export const presentIntent = (intent: ConnectionIntent): ConnectionIntentView =>
  publicView<ConnectionIntentView>(intentSchema, {
    ...intent,
    createdAt: utcStamp(intent.createdAt),
    updatedAt: utcStamp(intent.updatedAt),
  });

export async function insertIntent(intent: ConnectionIntent): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: intentEntity.item(intent),
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

export async function findIntent(id: string): Promise<ConnectionIntent | undefined> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: intentEntity.key(id), ConsistentRead: true }));
  return out.Item ? intentEntity.parse(out.Item) : undefined;
}

/** The step that replaces an intent with its next state, conditional on the version read (a concurrent change conflicts). */
export function replaceIntentStep(current: ConnectionIntent, next: ConnectionIntent): TransactionStep {
  return {
    item: {
      Put: {
        TableName: table(),
        Item: intentEntity.item({ ...next, version: current.version + 1 }),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': current.version },
      },
    },
    onConditionFailed: () => new TransactionConflictError(),
  };
}

/** Only a hash of a one-time code is kept. */
export const codeHash = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

export function codeMatches(code: string, hash: string | undefined): boolean {
  if (!hash) return false;
  const given = Buffer.from(codeHash(code), 'hex');
  const expected = Buffer.from(hash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
