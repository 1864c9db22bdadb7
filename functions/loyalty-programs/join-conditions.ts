import { queryBankAccounts } from '../bank-accounts';
import type { StoredLoyaltyProgram } from './entities';
import type { BANKS } from './schemas';

/**
 * New Zealand banks by the two-digit bank code that opens each of their account numbers: a
 * `bank-account-ownership` condition names the bank, a bank account's number says which bank holds it.
 */
const BANK_CODES: Readonly<Record<(typeof BANKS)[number], readonly string[]>> = {
  anz: ['01', '06', '11'],
  bnz: ['02'],
  westpac: ['03'],
  asb: ['12'],
  tsb: ['15'],
  hsbc: ['30'],
  kiwibank: ['38'],
};

type JoinCondition = StoredLoyaltyProgram['joinConditions'][number];

/**
 * An account's wallet assets, as the wallet-assets group reads them. Passed in by the group's Lambda entry: that group
 * reaches this one through tokens and merchants, so importing it here would close a loop between the folders.
 */
export type WalletAssetsOf = (accountId: string) => Promise<readonly { type: string; status: string }[]>;

/**
 * Whether the account meets every join condition of the program: it holds an active wallet asset of
 * the condition's asset type, or a verified bank account at the condition's bank. Each kind of holding
 * is read once, however many conditions name it.
 */
export async function meetsJoinConditions(
  accountId: string,
  conditions: readonly JoinCondition[],
  walletAssetsOf: WalletAssetsOf,
): Promise<boolean> {
  if (conditions.length === 0) return true;
  const needs = (type: string) => conditions.some((c) => c.type === type);
  const [assets, bankAccounts] = await Promise.all([
    needs('asset-ownership') ? walletAssetsOf(accountId) : [],
    needs('bank-account-ownership') ? queryBankAccounts(accountId) : [],
  ]);
  return conditions.every((condition) =>
    condition.type === 'asset-ownership'
      ? assets.some((asset) => asset.status === 'active' && asset.type === condition.params?.assetType)
      : bankAccounts.some(
          (account) =>
            account.verified &&
            account.status !== 'archived' &&
            (BANK_CODES[condition.params?.bank as (typeof BANKS)[number]] ?? []).includes(
              account.bankAccountNumber.slice(0, 2),
            ),
        ),
  );
}
