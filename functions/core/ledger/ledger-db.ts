import { NumberValueImpl as NumberValue, unmarshall } from '@aws-sdk/util-dynamodb';
import type { DocumentClient } from '../db/document';
import { readItems } from '../db/batch';
import { documentClient, EXACT_READ } from '../db/client';
import type { TableKey } from '../db/entity';
import type { Amount } from '../money';

let client: DocumentClient | undefined;

/** Reads balances without losing precision: numbers come back as NumberValue, never JS floats. */
export function ledgerDb(): DocumentClient {
  client ??= documentClient({ marshallOptions: { removeUndefinedValues: true }, unmarshallOptions: EXACT_READ });
  return client;
}

export const toDynamoNumber = (amount: Amount) => NumberValue.from(amount.toString());

export function toAmount(value: unknown): Amount {
  if (value === undefined || value === null) return 0n;
  if (value instanceof NumberValue) return BigInt(value.toString());
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  throw new Error(`not an amount: ${String(value)}`);
}

/** One item as stored, strongly consistent, numbers as NumberValue; undefined when absent. */
export async function readLedgerItem(key: TableKey): Promise<Record<string, unknown> | undefined> {
  const [item] = await readItems([key]);
  return item && unmarshall(item, EXACT_READ);
}

/** An item's identity within one transaction, which takes one operation per item. */
export const itemId = (key: TableKey) => `${key.PK}|${key.SK}`;
