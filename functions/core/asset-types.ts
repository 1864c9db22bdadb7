import { config } from './config';

export type Liveness = 'main' | 'test';

/** Money ledgers the platform holds wallet assets for: `<prefix>.<currency>.<liveness>`. */
const MONEY_CURRENCIES = ['nzd'] as const;

export interface MoneyAssetType {
  type: string;
  currency: string;
  liveness: Liveness;
}

function moneyAssetType(currency: string, liveness: Liveness): string {
  return `${config().assetPrefix}.${currency.toLowerCase()}.${liveness}`;
}

/** Every money ledger type of one liveness. */
export const moneyAssetTypes = (liveness: Liveness): string[] =>
  MONEY_CURRENCIES.map((currency) => moneyAssetType(currency, liveness));

/** Parses a money ledger type such as `svc.nzd.test`; undefined for any other asset type. */
export function parseMoneyAssetType(type: string): MoneyAssetType | undefined {
  const [prefix, currency, liveness, ...rest] = type.split('.');
  if (rest.length || prefix !== config().assetPrefix) return undefined;
  if (!(MONEY_CURRENCIES as readonly string[]).includes(currency)) return undefined;
  if (liveness !== 'main' && liveness !== 'test') return undefined;
  return { type, currency: currency.toUpperCase(), liveness };
}

/** The final segment `test` marks a test asset type; a bare `test` type is test too. */
function livenessOf(type: string): Liveness {
  return type === 'test' || type.endsWith('.test') ? 'test' : 'main';
}

/** How the platform settles an asset type, which decides what a payment option config needs. */
type AssetTypeKind =
  /** money held in wallet assets on this platform: a settlement wallet receives payments */
  | 'wallet'
  /** single-spend tokens of collections */
  | 'token'
  /** ledger assets of collections: collection ids required */
  | 'ledger'
  /** an external ledger; the patron pays first and presents the transaction id */
  | 'external-ledger'
  /** a card/wallet processor: processor merchant account and store required */
  | 'processor'
  /** an external asset provider: the provider's merchant id required */
  | 'external-provider';

export interface AssetTypeInfo {
  type: string;
  kind: AssetTypeKind;
  liveness: Liveness;
}

const PROCESSOR_BASES = ['paypal', 'venmo'];
const PROVIDER_BASES = ['uplinkapi', 'epay', 'stadius'];

/** What the platform knows of an asset type; undefined for types it does not accept. */
export function describeAssetType(type: string): AssetTypeInfo | undefined {
  const prefix = config().assetPrefix;
  const liveness = livenessOf(type);
  if (parseMoneyAssetType(type)) return { type, kind: 'wallet', liveness };
  if (type === 'test') return { type, kind: 'external-provider', liveness: 'test' };
  const [base, ...rest] = type.split('.');
  const last = rest[rest.length - 1];
  if (last !== 'main' && last !== 'test') return undefined;
  if (base === prefix && rest.length === 2 && rest[0] === 'token') return { type, kind: 'token', liveness };
  if (base === prefix && rest.length === 2 && rest[0] === 'ledger') return { type, kind: 'ledger', liveness };
  if (base === 'bitcoin' && type === 'bitcoin.main') return { type, kind: 'external-ledger', liveness };
  if (rest.length === 1 && PROCESSOR_BASES.includes(base)) return { type, kind: 'processor', liveness };
  if (rest.length === 1 && PROVIDER_BASES.includes(base)) return { type, kind: 'external-provider', liveness };
  return undefined;
}
