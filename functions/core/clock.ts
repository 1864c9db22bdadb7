import { localClockEnabled, platformOffsetSeconds } from './test-clock/platform-clock';

/** ISO 8601 UTC with milliseconds, the one timestamp format on the wire. */
export function isoTimestamp(date: Date): string {
  return date.toISOString();
}

/**
 * The machine's real time. Only for what is about real time: rate limits, attempt leases, signature
 * lifetimes (a receiver checks them against its own clock), TTLs, durations. Every time rule and
 * every timestamp of an account's records read `accountNow` instead.
 */
export function now(): Date {
  return new Date();
}

/** What a clock needs to know of an account (core's Account has these). */
export interface ClockAccount {
  id: string;
  test?: boolean;
  /** A test account's test clock, seconds ahead of the platform's; live accounts never have one. */
  testClockOffsetSeconds?: number;
}

/** Whose clock a Date was read from, and whether that clock can be advanced (then timers set by it leave an alarm). */
export interface ClockReading {
  /** The account whose clock it is; none: the platform's. */
  accountId?: string;
  advanceable: boolean;
}

const readings = new WeakMap<Date, ClockReading>();

/** The clock a Date was read from (`accountNow`), or undefined for any other Date. */
export const readingOf = (date: Date): ClockReading | undefined => readings.get(date);

/**
 * The one place time is read for an account (and the pipeline calls it once per request, after
 * authentication, with the caller's account): real time, plus the local platform's offset (only
 * where LOCAL_TEST_CLOCK=1: `npm start` and the tests), plus a test account's test clock offset.
 * Without an account: the platform's time (public routes, work not yet tied to an account).
 */
export async function accountNow(account?: ClockAccount): Promise<Date> {
  const platform = await platformOffsetSeconds();
  const own = account?.test ? (account.testClockOffsetSeconds ?? 0) : 0;
  const at = new Date(Date.now() + (platform + own) * 1000);
  readings.set(at, { accountId: account?.id, advanceable: localClockEnabled() || account?.test === true });
  return at;
}

/**
 * The time on `ownerAccountId`'s clock, for a time rule about a resource that account owns (a
 * merchant's payment request: its expiry, void and refund windows, pre-auth lapse). `now` itself
 * when it was read from that clock (the caller owns the resource: no read); else the owner is looked up.
 */
export async function ownerNow(
  ownerAccountId: string,
  now: Date,
  findAccount: (id: string) => Promise<ClockAccount | undefined>,
): Promise<Date> {
  if (readingOf(now)?.accountId === ownerAccountId) return now;
  return accountNow((await findAccount(ownerAccountId)) ?? undefined);
}
