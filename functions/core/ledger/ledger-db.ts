import { NumberValue, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../db/client';
import type { Amount } from '../money';

let client: DynamoDBDocumentClient | undefined;

/** Reads balances without losing precision: numbers come back as NumberValue, never JS floats. */
export function ledgerDb(): DynamoDBDocumentClient {
  client ??= documentClient({
    marshallOptions: { removeUndefinedValues: true },
    unmarshallOptions: { wrapNumbers: true },
  });
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
