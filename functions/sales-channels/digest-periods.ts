const DAY_MS = 24 * 3600 * 1000;

/** How often a channel's email digest goes out: one per UTC day, or one per ISO week (Monday to Monday, UTC). */
export type DigestFrequency = 'daily' | 'weekly';

/** The start of the period `at` falls in. */
export function periodStart(at: Date, frequency: DigestFrequency): Date {
  const day = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
  if (frequency === 'daily') return new Date(day);
  // getUTCDay counts from Sunday; ISO weeks start on Monday.
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * DAY_MS);
}

/** The end of the period starting at `start` (the next one's start). */
export const periodEnd = (start: Date, frequency: DigestFrequency): Date =>
  new Date(start.getTime() + (frequency === 'daily' ? 1 : 7) * DAY_MS);
