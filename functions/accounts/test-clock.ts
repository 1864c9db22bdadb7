import type { FromSchema } from 'json-schema-to-ts';
import type { testClock } from './schemas';
import type { Account } from '../core/auth/account-directory';
import { untilCachedTestAccountsExpire } from '../core/auth/authenticate';
import { accountNow } from '../core/clock';
import { businessRule } from '../core/errors/classes';
import { logger } from '../core/observability';
import { ringDueAlarms } from '../core/test-clock/alarms';
import { platformOffsetSeconds } from '../core/test-clock/platform-clock';
import { accountEntity } from './entities';

export type TestClock = FromSchema<typeof testClock>;

/**
 * Test clocks: a test account's time runs `testClockOffsetSeconds` ahead of the platform's, and
 * every time rule about its resources (expiry, the void and refund windows, pre-auth lapse, the
 * webhook retry schedule) and its timers go by that time (core/clock.ts). Clocks only move forward:
 * records stamped at one time must never see an earlier one. Live accounts never have one.
 */
async function view(account: Account, extra: Partial<TestClock> = {}): Promise<TestClock> {
  const platform = await platformOffsetSeconds();
  return {
    accountId: account.id,
    offsetSeconds: account.test ? (account.testClockOffsetSeconds ?? 0) : 0,
    ...(platform ? { platformOffsetSeconds: platform } : {}),
    now: (await accountNow(account)).toISOString(),
    ...extra,
  };
}

/**
 * Moves a test account's clock `seconds` forward (atomically: concurrent advances add up), then
 * sends at once every timer and webhook retry of the account now due (core/test-clock/alarms), and
 * answers once no function instance can still go by the old time (the authentication cache keeps a
 * test account's principal, its clock with it, for a second). A live account is LIVENESS_MISMATCH
 * and keeps no offset.
 */
export async function advanceAccountClock(account: Account, seconds: number): Promise<TestClock> {
  if (!account.test) throw businessRule('LIVENESS_MISMATCH');
  const updated = await accountEntity.update([account.id], {
    add: { testClockOffsetSeconds: seconds },
    if: { expression: 'test = :test', values: { ':test': true } },
    onConditionFailed: () => businessRule('LIVENESS_MISMATCH'),
  });
  const advancedAt = Date.now();
  const advanced = { ...account, testClockOffsetSeconds: Number(updated.testClockOffsetSeconds ?? 0) };
  const answer = await ringDue(advanced);
  await untilCachedTestAccountsExpire(advancedAt);
  return answer;
}

async function ringDue(advanced: Account): Promise<TestClock> {
  // The clock has moved: a failure to send what fell due must not fail (and so repeat) the advance.
  // Unsent alarms stay; each message still runs when its own delay ends (at most 15 minutes).
  try {
    return view(advanced, { ranDue: await ringDueAlarms(advanced.id, await accountNow(advanced)) });
  } catch (error) {
    logger.warn('test clock advanced, due work not sent now', { accountId: advanced.id, error: String(error) });
    return view(advanced);
  }
}

export const readAccountClock = (account: Account) => view(account);
