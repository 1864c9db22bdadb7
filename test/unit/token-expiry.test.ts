import { addPeriods, ceilTo, tokenExpiry } from '../../functions/tokens/token-expiry';

const at = (iso: string) => new Date(iso);

describe('token expiry from a collection', () => {
  it('adds whole periods in UTC; months keep the day or take the month’s last', () => {
    expect(addPeriods(at('2026-01-31T10:00:00.000Z'), 'month', 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addPeriods(at('2024-02-29T00:00:00.000Z'), 'year', 1).toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(addPeriods(at('2026-03-01T23:30:00.000Z'), 'hour', 2).toISOString()).toBe('2026-03-02T01:30:00.000Z');
    expect(addPeriods(at('2026-03-01T00:00:00.000Z'), 'week', 2).toISOString()).toBe('2026-03-15T00:00:00.000Z');
  });

  it('rounds up to a ceil boundary, leaving a boundary as it is', () => {
    expect(ceilTo(at('2026-05-12T04:30:11.001Z'), 'day').toISOString()).toBe('2026-05-13T00:00:00.000Z');
    expect(ceilTo(at('2026-05-13T00:00:00.000Z'), 'day').toISOString()).toBe('2026-05-13T00:00:00.000Z');
    // 2026-05-12 is a Tuesday: weeks start on Monday.
    expect(ceilTo(at('2026-05-12T04:30:11.001Z'), 'week').toISOString()).toBe('2026-05-18T00:00:00.000Z');
    expect(ceilTo(at('2026-05-12T04:30:11.001Z'), 'month').toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(ceilTo(at('2026-05-12T04:30:11.001Z'), 'year').toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('takes the earlier of tokenExpiresAfter and tokenExpiresAt; none without either', () => {
    const issued = at('2026-05-12T04:30:11.001Z');
    expect(
      tokenExpiry({ tokenExpiresAfter: { period: 'month', duration: '1', ceil: 'day' } }, issued)?.toISOString(),
    ).toBe('2026-06-13T00:00:00.000Z');
    expect(
      tokenExpiry(
        { tokenExpiresAfter: { period: 'year', duration: '1' }, tokenExpiresAt: '2026-07-01T00:00:00.000Z' },
        issued,
      )?.toISOString(),
    ).toBe('2026-07-01T00:00:00.000Z');
    expect(tokenExpiry({}, issued)).toBeUndefined();
  });
});
