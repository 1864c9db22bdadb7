import { delaySecondsUntil, sendMessages } from './queues';

export type TimerKind = 'payment-request-expiry';

export interface TimerMessage {
  kind: TimerKind;
  id: string;
  dueAt: string;
}

/**
 * The one scheduling port: a message on the timers queue that arrives at (or after) `dueAt`.
 * A late or lost timer loses nothing, because reads and writes check due times themselves.
 */
export function scheduleTimer(timer: TimerMessage, now: Date): Promise<void> {
  return sendMessages('timers', [{ body: timer, delaySeconds: delaySecondsUntil(new Date(timer.dueAt), now) }]);
}
