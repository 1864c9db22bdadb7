import type { StoredPaymentRequest } from './payment-request';

/**
 * Legacy `ledger` names of asset types (https://docs.centrapay.com/api/legacy-payment-requests): the platform's own
 * money ledgers keep their asset type as ledger name; external ledgers have names of their own.
 */
const LEDGER_OF_ASSET_TYPE: Readonly<Record<string, string>> = { 'bitcoin.main': 'g.crypto.bitcoin.mainnet' };
const ASSET_TYPE_OF_LEDGER: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(LEDGER_OF_ASSET_TYPE).map(([assetType, ledger]) => [ledger, assetType]),
);

export const ledgerOf = (assetType: string): string => LEDGER_OF_ASSET_TYPE[assetType] ?? assetType;

/** The asset type a ledger name stands for; a name that is no ledger maps to itself (and matches no option). */
export const assetTypeOf = (ledger: string): string => ASSET_TYPE_OF_LEDGER[ledger] ?? ledger;

/**
 * Legacy amounts are JSON numbers. Payment amounts stay below MAX_PAYMENT_AMOUNT (10^8), far
 * inside the safe integers, so the conversion is exact.
 */
export const legacyNumber = (amount: string): number => Number(amount);

export const denomination = (request: StoredPaymentRequest) => ({
  amount: legacyNumber(request.value.amount),
  asset: request.value.currency,
});
