import { delaySecondsUntil, sendMessages } from './queues';
import { setAlarm } from './test-clock/alarms';

export type TimerKind = 'payment-request-expiry' | 'asset-transfer-return' | 'funds-transfer-bank';

export interface TimerMessage {
  kind: TimerKind;
  id: string;
  /** On the clock of this account (the resource's owner); none: the platform's. Older messages have none. */
  accountId?: string;
  dueAt: string;
}

/**
 * The one scheduling port: a message on the timers queue that arrives at (or after) `dueAt`.
 * A late or lost timer loses nothing, because reads and writes check due times themselves. `now` is
 * the time on the timer's clock; a clock that can be advanced also keeps an alarm (test-clock/alarms).
 */
export async function scheduleTimer(timer: TimerMessage, now: Date): Promise<void> {
  await Promise.all([
    sendMessages('timers', [{ body: timer, delaySeconds: delaySecondsUntil(new Date(timer.dueAt), now) }]),
    setAlarm('timers', timer, new Date(timer.dueAt), now),
  ]);
}
