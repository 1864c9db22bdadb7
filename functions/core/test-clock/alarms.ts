import { createHash } from 'node:crypto';
import { BatchWriteCommand } from '../db/document';
import { readingOf } from '../clock';
import { config } from '../config';
import { db } from '../db/client';
import { defineEntity } from '../db/entity';
import { queryAll } from '../db/pagination';
import type { TransactionStep } from '../db/transaction';
import { sendMessages } from '../queues';
import { localClockEnabled } from './platform-clock';

/**
 * Alarms make advancing a clock run what falls due at once. A delayed message (a timer, a webhook
 * retry) waits in SQS for real seconds; when it is scheduled on a clock that can be advanced (a
 * test account's, or any clock of the local platform), an alarm keeps a copy under that clock,
 * keyed by its due time. Advancing the clock sends every alarm now due at once and deletes it.
 * Consumers check due times themselves, so a message sent twice (the alarm, then its own delay)
 * finds its work done or early and changes nothing.
 */
export interface ClockAlarm {
  /** The account whose clock `dueAt` is on, or PLATFORM_CLOCK. */
  clock: string;
  dueAt: string;
  queue: string;
  /** The message, as JSON. */
  body: string;
  /** Also in the platform-wide index (local platform only), for an advance of the platform's clock. */
  platformWide?: boolean;
}

export const PLATFORM_CLOCK = 'PLATFORM';
/** The index partition (GSI1) of every alarm of the local platform. */
const PLATFORM_ALARMS = 'CLOCKALARMS';

const alarmKey = (clock: string, sortKey: string) => ({ PK: `CLOCKALARMS#${clock}`, SK: sortKey });
const sortKeyOf = (a: Pick<ClockAlarm, 'dueAt' | 'queue' | 'body'>) =>
  `${a.dueAt}#${a.queue}#${createHash('sha256').update(a.body).digest('hex').slice(0, 24)}`;

export const clockAlarmEntity = defineEntity<ClockAlarm, [clock: string, sortKey: string]>({
  type: 'clock-alarm',
  version: 1,
  key: alarmKey,
  keyOf: (a) => alarmKey(a.clock, sortKeyOf(a)),
  indexes: (a) => (a.platformWide ? { GSI1PK: PLATFORM_ALARMS, GSI1SK: `${a.dueAt}#${a.clock}` } : {}),
  required: ['clock', 'dueAt', 'queue', 'body'],
});

/** Kept a day past its due time in real time, then TTL housekeeping may drop it (its message has long run). */
const KEEP_AFTER_DUE_SECONDS = 24 * 3600;

/**
 * Leaves an alarm for a message sent to `queue` with a delay that makes it arrive at `dueAt`,
 * if `now` was read from a clock that can be advanced; otherwise does nothing.
 */
export async function setAlarm(queue: string, body: unknown, dueAt: Date, now: Date): Promise<void> {
  const alarm = alarmOf(queue, body, dueAt, now);
  if (alarm) await clockAlarmEntity.put(alarm.record, { extra: alarm.extra });
}

/** The alarm `setAlarm` leaves, as a transaction step: it commits with the record its message is about. */
export function alarmStep(queue: string, body: unknown, dueAt: Date, now: Date): TransactionStep | undefined {
  const alarm = alarmOf(queue, body, dueAt, now);
  return alarm && clockAlarmEntity.putStep(alarm.record, { extra: alarm.extra });
}

function alarmOf(queue: string, body: unknown, dueAt: Date, now: Date) {
  const reading = readingOf(now);
  if (!reading?.advanceable) return undefined;
  const alarm: ClockAlarm = {
    clock: reading.accountId ?? PLATFORM_CLOCK,
    dueAt: dueAt.toISOString(),
    queue,
    body: JSON.stringify(body),
    ...(localClockEnabled() ? { platformWide: true } : {}),
  };
  const realDue = Date.now() + Math.max(0, dueAt.getTime() - now.getTime());
  return { record: alarm, extra: { ttl: Math.floor(realDue / 1000) + KEEP_AFTER_DUE_SECONDS } };
}

/** Sends the messages of `alarms` now and deletes them; a failed send keeps its alarm. */
async function ring(alarms: ClockAlarm[]): Promise<number> {
  for (const alarm of alarms) await sendMessages(alarm.queue, [{ body: JSON.parse(alarm.body) as unknown }]);
  for (let i = 0; i < alarms.length; i += 25) {
    const batch = alarms.slice(i, i + 25);
    await db().send(
      new BatchWriteCommand({
        RequestItems: {
          [config().tableName]: batch.map((a) => ({ DeleteRequest: { Key: clockAlarmEntity.keyOf(a) } })),
        },
      }),
    );
  }
  return alarms.length;
}

/** Sends every alarm of one clock due at `now` (that clock's time); answers how many rang. */
export async function ringDueAlarms(clock: string, now: Date): Promise<number> {
  const due = await queryAll({
    TableName: config().tableName,
    KeyConditionExpression: 'PK = :pk AND SK <= :due',
    // '~' sorts after '#': every alarm due at exactly `now` is included.
    ExpressionAttributeValues: { ':pk': alarmKey(clock, '').PK, ':due': `${now.toISOString()}~` },
    ConsistentRead: true,
  });
  return ring(due.map((item) => clockAlarmEntity.parse(item)));
}

/**
 * The local platform's clock moved: every clock moved with it. Sends each alarm due on its own
 * clock (`nowOf` reads it: the platform's, or an account's) and answers how many rang.
 */
export async function ringAllDueAlarms(nowOf: (clock: string) => Promise<Date>): Promise<number> {
  const alarms = await clockAlarmEntity.all({ index: 'GSI1', partition: PLATFORM_ALARMS });
  const nows = new Map<string, Promise<Date>>();
  const due: ClockAlarm[] = [];
  for (const alarm of alarms) {
    if (!nows.has(alarm.clock)) nows.set(alarm.clock, nowOf(alarm.clock));
    if (alarm.dueAt <= (await nows.get(alarm.clock)!).toISOString()) due.push(alarm);
  }
  return ring(due);
}
