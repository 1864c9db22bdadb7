import { queryBankAccounts } from '../bank-accounts';
import { queryWalletAssets } from '../wallet-assets';
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
 * Whether the account meets every join condition of the program: it holds an active wallet asset of
 * the condition's asset type, or a verified bank account at the condition's bank. Each kind of holding
 * is read once, however many conditions name it.
 */
export async function meetsJoinConditions(accountId: string, conditions: readonly JoinCondition[]): Promise<boolean> {
  if (conditions.length === 0) return true;
  const needs = (type: string) => conditions.some((c) => c.type === type);
  const [assets, bankAccounts] = await Promise.all([
    needs('asset-ownership') ? queryWalletAssets(accountId) : [],
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
