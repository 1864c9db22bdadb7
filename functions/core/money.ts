import { badRequest } from './errors/classes';

/**
 * Money is an integer count of the smallest currency unit: a string on the wire, a bigint in
 * code, a DynamoDB Number at rest. Never a JS number.
 */
export type Amount = bigint;

/** Payment request values and refunds must be positive and below this (API reference). */
export const MAX_PAYMENT_AMOUNT = 100_000_000n;

const INTEGER = /^(0|[1-9][0-9]{0,30})$/;

export function parseAmount(field: string, value: string): Amount {
  if (!INTEGER.test(value)) throw badRequest(`${field} must be an integer amount in the smallest currency unit`);
  return BigInt(value);
}

export function parsePositiveAmount(field: string, value: string, max: Amount = MAX_PAYMENT_AMOUNT): Amount {
  const amount = parseAmount(field, value);
  if (amount <= 0n) throw badRequest(`${field} must be greater than 0`);
  if (amount >= max) throw badRequest(`${field} must be less than ${max}`);
  return amount;
}

export const formatAmount = (amount: Amount): string => amount.toString();

export interface Monetary {
  currency: string;
  amount: string;
}

export const monetary = (currency: string, amount: Amount): Monetary => ({ currency, amount: formatAmount(amount) });
