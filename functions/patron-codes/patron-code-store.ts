import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { patronCode } from './schemas';
import { isoTimestamp, ownerNow } from '../core/clock';
import { findAccount } from '../accounts';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { publicView } from '../core/db/entity';
import {
  barcodeGuardEntity,
  externalIdGuardEntity,
  patronCodeEntity,
  type PatronCode,
  type StoredPatronCode,
} from './entities';
import { runTransaction, TransactionConflictError, type TransactionStep } from '../core/db/transaction';
import type { Access } from '../core/auth/access';
import { businessRule, ForbiddenError } from '../core/errors/classes';
import { newId } from '../core/ids';
import { newBarcode } from './barcode';

export type { PatronCode } from './entities';

/** A patron code lives five minutes: long enough to show at a till. */
export const PATRON_CODE_LIFETIME_MS = 5 * 60 * 1000;

export interface NewPatronCode {
  accountId: string;
  testScenarioName?: string;
  namespace?: string;
  externalId?: string;
  assetId?: string;
}

class BarcodeTaken extends Error {}

/** Writes the code with its barcode guard (and external-id guard) in one transaction. */
export async function insertPatronCode(input: NewPatronCode, now: Date): Promise<PatronCode> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code: StoredPatronCode = {
      id: newId(),
      barcode: newBarcode(),
      createdAt: isoTimestamp(now),
      expiresAt: isoTimestamp(new Date(now.getTime() + PATRON_CODE_LIFETIME_MS)),
      appName: config().assetPrefix,
      accountId: input.accountId,
      ...(input.assetId ? { assetId: input.assetId } : {}),
      ...(input.testScenarioName ? { testScenarioName: input.testScenarioName } : {}),
      ...(input.namespace ? { namespace: input.namespace } : {}),
      ...(input.externalId ? { externalId: input.externalId } : {}),
      metadata: {},
      version: 1,
    };
    const table = config().tableName;
    const steps: TransactionStep[] = [
      {
        item: {
          Put: { TableName: table, Item: patronCodeEntity.item(code), ConditionExpression: 'attribute_not_exists(PK)' },
        },
      },
      {
        item: {
          Put: {
            TableName: table,
            Item: barcodeGuardEntity.item({ barcode: code.barcode, patronCodeId: code.id }),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        onConditionFailed: () => new BarcodeTaken(),
      },
    ];
    if (input.namespace && input.externalId) {
      steps.push({
        item: {
          Put: {
            TableName: table,
            Item: externalIdGuardEntity.item({
              accountId: input.accountId,
              namespace: input.namespace,
              externalId: input.externalId,
              patronCodeId: code.id,
            }),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        onConditionFailed: () => businessRule('EXTERNAL_ID_ALREADY_USED'),
      });
    }
    try {
      await runTransaction(steps);
      return present(code);
    } catch (error) {
      if (!(error instanceof BarcodeTaken)) throw error;
    }
  }
  throw new Error('could not allocate a unique barcode');
}

export async function findPatronCode(id: string): Promise<StoredPatronCode | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: config().tableName, Key: patronCodeEntity.key(id), ConsistentRead: true }),
  );
  return out.Item ? patronCodeEntity.parse(out.Item) : undefined;
}

/** The code a guard item points at. */
async function findByGuard(
  key: Record<string, string>,
  parse: (item: Record<string, unknown>) => { patronCodeId: string },
): Promise<StoredPatronCode | undefined> {
  const guard = await db().send(new GetCommand({ TableName: config().tableName, Key: key, ConsistentRead: true }));
  return guard.Item ? findPatronCode(parse(guard.Item).patronCodeId) : undefined;
}

export const isLive = (code: PatronCode, now: Date) => code.expiresAt > isoTimestamp(now);

/** The unexpired code behind a barcode, or undefined. Its lifetime is on its patron's clock (a test account's test clock). */
export async function findPatronCodeByBarcode(barcode: string, now: Date): Promise<StoredPatronCode | undefined> {
  const code = await findByGuard(barcodeGuardEntity.key(barcode), barcodeGuardEntity.parse);
  return code && isLive(code, await ownerNow(code.accountId, now, findAccount)) ? code : undefined;
}

export async function findPatronCodeByExternalId(
  accountId: string,
  namespace: string,
  externalId: string,
): Promise<StoredPatronCode | undefined> {
  return findByGuard(externalIdGuardEntity.key(accountId, namespace, externalId), externalIdGuardEntity.parse);
}

/** Replaces the metadata, conditional on the version read. */
export async function saveMetadata(code: StoredPatronCode, metadata: Record<string, string>): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: patronCodeEntity.key(code.id),
        UpdateExpression: 'SET metadata = :metadata, version = :next',
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':metadata': metadata, ':version': code.version, ':next': code.version + 1 },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new TransactionConflictError();
    throw error;
  }
}

/** The code when the caller may reach its account, else PATRON_CODE_INVALID, as for a missing one. */
export async function readableCode<T extends { accountId: string }>(access: Access, code: T | undefined): Promise<T> {
  if (!code) throw businessRule('PATRON_CODE_INVALID');
  try {
    await access.account(code.accountId);
  } catch (error) {
    if (error instanceof ForbiddenError) throw businessRule('PATRON_CODE_INVALID');
    throw error;
  }
  return code;
}

/** The public view: the PatronCode schema's fields only. */
export function present(code: StoredPatronCode): PatronCode {
  return publicView<PatronCode>(patronCode, code);
}
