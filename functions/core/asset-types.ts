import { config } from './config';

export type Liveness = 'main' | 'test';

/** Money ledgers the platform holds wallet assets for: `<prefix>.<currency>.<liveness>`. */
const MONEY_CURRENCIES = ['nzd'] as const;

export interface MoneyAssetType {
  type: string;
  currency: string;
  liveness: Liveness;
}

export function moneyAssetType(currency: string, liveness: Liveness): string {
  return `${config().assetPrefix}.${currency.toLowerCase()}.${liveness}`;
}

/** Parses a money ledger type such as `svc.nzd.test`; undefined for any other asset type. */
export function parseMoneyAssetType(type: string): MoneyAssetType | undefined {
  const [prefix, currency, liveness, ...rest] = type.split('.');
  if (rest.length || prefix !== config().assetPrefix) return undefined;
  if (!(MONEY_CURRENCIES as readonly string[]).includes(currency)) return undefined;
  if (liveness !== 'main' && liveness !== 'test') return undefined;
  return { type, currency: currency.toUpperCase(), liveness };
}

/** The final segment `test` marks a test asset type; a bare `test` type is test too. */
export function livenessOf(type: string): Liveness {
  return type === 'test' || type.endsWith('.test') ? 'test' : 'main';
}
