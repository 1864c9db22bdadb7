/** Settlement periods are UTC days: a settlement covers the movements from one day boundary to a later one. */
const DAY_MS = 24 * 3600 * 1000;

/**
 * How long after a day ends it is settled. A movement is stamped when its command starts and reaches the wallet's
 * history (an index, eventually consistent) once its transaction has committed: a run that read the day sooner could
 * miss one stamped before midnight and move the wallet's cursor past it for good. What writes to a settlement wallet
 * (an API group's function: 10 s at most; a queue consumer's: 30 s) commits well within it.
 */
export const SETTLE_AFTER_MS = 5 * 60 * 1000;

/** The start of the UTC day `at` falls in. */
export const dayStart = (at: Date): Date => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/** A signed change of a settlement wallet's balance (a payment in, a refund out) at a time. */
export interface Movement {
  at: string;
  amount: bigint;
}

/** One ended day that has movements, with their sum. */
export interface DayTotal {
  start: string;
  end: string;
  net: bigint;
}

/**
 * The days that ended by `before` (a day boundary) and have movements, oldest first, each with its net: the sums a
 * settlement adds up. `movements` come oldest first; those at or after `before` belong to a day not ended yet.
 */
export function endedDays(movements: readonly Movement[], before: Date): DayTotal[] {
  const days: DayTotal[] = [];
  for (const movement of movements) {
    const at = new Date(movement.at);
    if (at >= before) break;
    const start = dayStart(at).toISOString();
    const last = days.at(-1);
    if (last?.start === start) last.net += movement.amount;
    else days.push({ start, end: new Date(Date.parse(start) + DAY_MS).toISOString(), net: movement.amount });
  }
  return days;
}
