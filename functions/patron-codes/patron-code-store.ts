import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { FromSchema } from 'json-schema-to-ts';
import type { patronCode } from './schemas';
import { isoTimestamp } from '../core/clock';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { stripKeys } from '../core/db/keys';
import { barcodeKey, patronCodeExternalIdKey, patronCodeKey } from './keys';
import { runTransaction, TransactionConflictError, type TransactionStep } from '../core/db/transaction';
import type { Access } from '../core/auth/access';
import { ApiError, businessRule } from '../core/http/errors';
import { newId } from '../core/ids';
import { newBarcode } from './barcode';

export type PatronCode = FromSchema<typeof patronCode>;
type StoredPatronCode = PatronCode & { version: number };

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
      { item: { Put: { TableName: table, Item: { ...patronCodeKey(code.id), ...code }, ConditionExpression: 'attribute_not_exists(PK)' } } },
      {
        item: { Put: { TableName: table, Item: { ...barcodeKey(code.barcode), patronCodeId: code.id }, ConditionExpression: 'attribute_not_exists(PK)' } },
        onConditionFailed: () => new BarcodeTaken(),
      },
    ];
    if (input.namespace && input.externalId) {
      steps.push({
        item: {
          Put: {
            TableName: table,
            Item: { ...patronCodeExternalIdKey(input.accountId, input.namespace, input.externalId), patronCodeId: code.id },
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
  const out = await db().send(new GetCommand({ TableName: config().tableName, Key: patronCodeKey(id), ConsistentRead: true }));
  return out.Item ? (stripKeys(out.Item) as unknown as StoredPatronCode) : undefined;
}

async function findByGuard(key: Record<string, string>): Promise<StoredPatronCode | undefined> {
  const guard = await db().send(new GetCommand({ TableName: config().tableName, Key: key, ConsistentRead: true }));
  return guard.Item ? findPatronCode(guard.Item.patronCodeId as string) : undefined;
}

export const isLive = (code: PatronCode, now: Date) => code.expiresAt > isoTimestamp(now);

/** The unexpired code behind a barcode, or undefined. */
export async function findPatronCodeByBarcode(barcode: string, now: Date): Promise<StoredPatronCode | undefined> {
  const code = await findByGuard(barcodeKey(barcode));
  return code && isLive(code, now) ? code : undefined;
}

export async function findPatronCodeByExternalId(accountId: string, namespace: string, externalId: string): Promise<StoredPatronCode | undefined> {
  return findByGuard(patronCodeExternalIdKey(accountId, namespace, externalId));
}

/** Replaces the metadata, conditional on the version read. */
export async function saveMetadata(code: StoredPatronCode, metadata: Record<string, string>): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: patronCodeKey(code.id),
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
    if (error instanceof ApiError && error.message === 'FORBIDDEN') throw businessRule('PATRON_CODE_INVALID');
    throw error;
  }
  return code;
}

export function present(code: StoredPatronCode): PatronCode {
  const { version: _v, ...view } = code;
  // Codes stored before `appName` (deprecated) was kept were made with the platform's own app too.
  return { ...view, appName: view.appName ?? config().assetPrefix };
}
