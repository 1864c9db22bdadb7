import type { TokenCollection } from './entities';

type Period = 'hour' | 'day' | 'week' | 'month' | 'year';

/**
 * `at` moved forward by `count` periods (UTC; months and years keep the day where it exists, else the month's last).
 */
export function addPeriods(at: Date, period: Period, count: number): Date {
  const d = new Date(at.getTime());
  switch (period) {
    case 'hour':
      return new Date(d.getTime() + count * 3_600_000);
    case 'day':
      return new Date(d.getTime() + count * 86_400_000);
    case 'week':
      return new Date(d.getTime() + count * 7 * 86_400_000);
    case 'month':
    case 'year': {
      const months = period === 'year' ? count * 12 : count;
      const target = new Date(
        Date.UTC(
          d.getUTCFullYear(),
          d.getUTCMonth() + months,
          1,
          d.getUTCHours(),
          d.getUTCMinutes(),
          d.getUTCSeconds(),
          d.getUTCMilliseconds(),
        ),
      );
      const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
      target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
      return target;
    }
  }
}

/** The start of the `period` that holds `at` (weeks start on Monday, UTC). */
function startOf(at: Date, period: Period): Date {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  switch (period) {
    case 'hour':
      return new Date(Date.UTC(y, m, at.getUTCDate(), at.getUTCHours()));
    case 'day':
      return new Date(Date.UTC(y, m, at.getUTCDate()));
    case 'week': {
      const day = new Date(Date.UTC(y, m, at.getUTCDate()));
      return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000);
    }
    case 'month':
      return new Date(Date.UTC(y, m, 1));
    case 'year':
      return new Date(Date.UTC(y, 0, 1));
  }
}

/** `at` rounded up to the next `period` boundary (unchanged when it is on one). */
export function ceilTo(at: Date, period: Period): Date {
  const start = startOf(at, period);
  return start.getTime() === at.getTime() ? at : addPeriods(start, period, 1);
}

/**
 * When a token issued at `issuedAt` expires under its collection's rules: `tokenExpiresAfter`
 * (duration periods, rounded up to `ceil`) and `tokenExpiresAt`, whichever comes first;
 * undefined when the collection sets neither.
 */
export function tokenExpiry(
  collection: Pick<TokenCollection, 'tokenExpiresAfter' | 'tokenExpiresAt'>,
  issuedAt: Date,
): Date | undefined {
  const candidates: Date[] = [];
  const after = collection.tokenExpiresAfter;
  if (after) {
    const end = addPeriods(issuedAt, after.period as Period, Number(after.duration));
    candidates.push(after.ceil ? ceilTo(end, after.ceil as Period) : end);
  }
  if (collection.tokenExpiresAt) candidates.push(new Date(collection.tokenExpiresAt));
  return candidates.length ? new Date(Math.min(...candidates.map((d) => d.getTime()))) : undefined;
}
