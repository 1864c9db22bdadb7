import { createHash } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from './config';
import { db } from './db/client';
import { idempotencyKey } from './db/keys';
import type { TransactionStep } from './db/transaction';
import { businessRule } from './http/errors';

/** Records outlive any sane retry window; TTL housekeeping only, never relied on for correctness. */
const RETENTION_SECONDS = 90 * 24 * 3600;

export interface IdempotencyScope {
  accountId: string;
  operation: string;
  key: string;
}

class ConcurrentDuplicate extends Error {}

/**
 * Runs a keyed operation at most once per (account, operation, key). The operation receives
 * `record(response)`: a transaction step that stores the response, to be written in the same
 * transaction as its effect. A repeat with the same request returns the stored response; with a
 * different request it is refused (IDEMPOTENT_OPERATION_FAILED); a concurrent duplicate loses on
 * the record's condition and then returns the winner's response.
 */
export async function idempotent<T>(
  scope: IdempotencyScope,
  request: unknown,
  run: (record: (response: T) => TransactionStep) => Promise<T>,
): Promise<T> {
  const requestHash = hashRequest(request);
  const stored = await readStored<T>(scope, requestHash);
  if (stored.found) return stored.response;
  try {
    return await run((response) => ({
      item: {
        Put: {
          TableName: config().tableName,
          Item: {
            ...idempotencyKey(scope.accountId, scope.operation, scope.key),
            requestHash,
            response: JSON.stringify(response),
            createdAt: new Date().toISOString(),
            ttl: Math.floor(Date.now() / 1000) + RETENTION_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      onConditionFailed: () => new ConcurrentDuplicate('idempotency record written concurrently'),
    }));
  } catch (error) {
    // A duplicate that committed while this attempt ran (whether this attempt lost on the record or
    // then saw the winner's effect, e.g. an already paid request) answers with the winner's response.
    const winner = await readStored<T>(scope, requestHash);
    if (winner.found) return winner.response;
    throw error;
  }
}

async function readStored<T>(scope: IdempotencyScope, requestHash: string): Promise<{ found: true; response: T } | { found: false }> {
  const out = await db().send(
    new GetCommand({
      TableName: config().tableName,
      Key: idempotencyKey(scope.accountId, scope.operation, scope.key),
      ConsistentRead: true,
    }),
  );
  if (!out.Item) return { found: false };
  if (out.Item.requestHash !== requestHash) throw businessRule('IDEMPOTENT_OPERATION_FAILED');
  return { found: true, response: JSON.parse(out.Item.response as string) as T };
}

/** Canonical JSON (sorted keys) so the same request always hashes the same. */
export function hashRequest(request: unknown): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
