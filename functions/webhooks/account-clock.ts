import { accountNow } from '../core/clock';
import { findAccount } from '../accounts';

/**
 * Reads of one account's clock (core/clock.ts): deliveries, their retry schedule and the two weeks
 * after which they are given up go by the time of the account the event belongs to, so a test
 * account's test clock drives them. The account is read once; each reading is then cheap.
 */
export async function accountClock(accountId: string): Promise<() => Promise<Date>> {
  const account = await findAccount(accountId);
  return () => accountNow(account);
}
