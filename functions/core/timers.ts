import { logger } from './observability';
import { delaySecondsUntil, sendMessages } from './queues';
import { runTransaction, type TransactionStep } from './db/transaction';
import { alarmStep, setAlarm } from './test-clock/alarms';

type TimerKind = 'payment-request-expiry' | 'asset-transfer-return' | 'funds-transfer-bank';

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

/**
 * Commits a new record's transaction with its timer: the timer's alarm (a clock that can be advanced)
 * is a step of the transaction, and its message is sent beside the commit rather than after it, so
 * the request waits for no send once committed. For timers due well after the commit (seconds at
 * least): the message finds its record committed, and one whose record never committed finds nothing
 * and does nothing. A message not sent is logged, never the request's failure (reads apply what it would).
 */
export async function commitWithTimer(steps: TransactionStep[], timer: TimerMessage, now: Date): Promise<void> {
  const dueAt = new Date(timer.dueAt);
  const alarm = alarmStep('timers', timer, dueAt, now);
  const sent = sendMessages('timers', [{ body: timer, delaySeconds: delaySecondsUntil(dueAt, now) }]).catch(
    (error: unknown) => logger.warn('timer not sent', { timer: timer.kind, id: timer.id, error: String(error) }),
  );
  await runTransaction(alarm ? [...steps, alarm] : steps);
  await sent;
}
