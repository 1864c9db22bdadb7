import { defineEntity } from '../db/entity';

/**
 * The local platform's clock offset: one item, honoured only where LOCAL_TEST_CLOCK=1 (`npm start`
 * and the tests set it, a deployed stack never does), so a deployed table can hold it and nothing
 * reads it there. Advanced by the admin command (`advance-clock` without `--account`).
 */
export interface PlatformClock {
  offsetSeconds: number;
  updatedAt: string;
}

const platformClockKey = () => ({ PK: 'CLOCK#PLATFORM', SK: 'CLOCK' });

export const platformClockEntity = defineEntity<PlatformClock, []>({
  type: 'platform-clock',
  version: 1,
  key: platformClockKey,
  keyOf: () => platformClockKey(),
  required: ['offsetSeconds'],
});

/** Whether this process runs the local platform (or its tests), where the whole platform's clock may move. */
export const localClockEnabled = () => process.env.LOCAL_TEST_CLOCK === '1';

/** The local platform's offset in seconds; 0 without an advance, and always 0 on a deployed stack (no read). */
export async function platformOffsetSeconds(): Promise<number> {
  if (!localClockEnabled()) return 0;
  return (await platformClockEntity.get())?.offsetSeconds ?? 0;
}

/** Moves the local platform's clock forward (never back: records would be stamped out of order). */
export async function advancePlatformOffset(seconds: number, realNow: Date): Promise<PlatformClock> {
  return platformClockEntity.update([], {
    add: { offsetSeconds: seconds },
    set: { updatedAt: realNow.toISOString() },
    upsert: true,
  });
}
