import type { Account } from '../core/auth/account-directory';
import { moneyAssetTypes } from '../core/asset-types';
import { isoTimestamp, ownerNow } from '../core/clock';
import { accountQuotas, type Quota } from '../core/ledger/quotas';

/** The money asset types an account holds wallets of: those of its liveness. */
export const quotaAssetTypes = (account: Account) => moneyAssetTypes(account.test ? 'test' : 'main');

/** Every quota of the account in the month and year its own clock (its test clock, if any) is in. */
export async function quotasOf(account: Account, now: Date): Promise<Quota[]> {
  const at = await ownerNow(account.id, now, async () => account);
  return accountQuotas(account.id, quotaAssetTypes(account), isoTimestamp(at));
}
