import { isoTimestamp, now } from './clock';
import type { Entity } from './db/entity';
import { inBatches } from './in-batches';
import { countMetric, logger, METRIC } from './observability';

/** When an entry was last recorded: the sweep's order, and what tells an entry recorded again from the one it read. */
export interface BacklogEntry {
  recordedAt: string;
}

/** The work an entry stands for: the entry without its record time. */
export type Work<T extends BacklogEntry> = Omit<T, 'recordedAt'>;

export interface BacklogDefinition<T extends BacklogEntry, K extends unknown[]> {
  /** What the work is, for the logs ("promotion payment count"). */
  what: string;
  /** The entries' entity: indexed in `partition` of GSI1 by `recordedAt`, so a sweep takes the oldest first. */
  entity: Entity<T, K>;
  partition: string;
  keyOf: (work: Work<T>) => K;
  /** The work itself; run again by every sweep until it succeeds, so once however often it runs. */
  run: (work: Work<T>) => Promise<void>;
  /** Entries a sweep runs at once (1: one after another, where two entries may move one item). */
  concurrency: number;
}

export interface Backlog<T extends BacklogEntry> {
  /**
   * Runs the work; work that fails (a fault, a throttled table) is recorded for the sweep instead of being lost with
   * the stream record that asked for it. Throws only when neither the work nor its record could be written: the
   * stream then retries it.
   */
  runOrRecord(work: Work<T>): Promise<'done' | 'recorded'>;
  /**
   * Runs the recorded work again, oldest first, at most SWEEP_LIMIT entries, and forgets each once done; work that
   * fails again is recorded anew, behind the rest, for the next sweep.
   */
  sweep(): Promise<{ done: number; failed: number }>;
}

/** Entries per sweep: a backlog drains over several runs instead of one unbounded one. */
const SWEEP_LIMIT = 100;

/**
 * Work a stream consumer could not finish, kept in the table for a scheduled sweep: the stream moves on, and the work
 * is neither lost with its record nor left to an operator's replay within the stream's 24 hours.
 */
export function defineBacklog<T extends BacklogEntry, K extends unknown[]>(
  definition: BacklogDefinition<T, K>,
): Backlog<T> {
  const { what, entity, keyOf, run } = definition;
  // Counted each time, first or again: work that keeps failing counts every sweep, which is what alarms.
  const record = async (work: Work<T>) => {
    await entity.put({ ...work, recordedAt: isoTimestamp(now()) } as T);
    countMetric(METRIC.backlogRecorded);
  };
  return {
    async runOrRecord(work) {
      try {
        await run(work);
        return 'done';
      } catch (error) {
        logger.error(`${what} failed; recorded for the sweep`, { key: keyOf(work), error });
        await record(work);
        return 'recorded';
      }
    },
    async sweep() {
      const entries = await entity.all({
        partition: definition.partition,
        index: 'GSI1',
        newestFirst: false,
        limit: SWEEP_LIMIT,
      });
      return inBatches(entries, definition.concurrency, { done: 0, failed: 0 }, async ({ recordedAt, ...work }) => {
        const key = keyOf(work);
        try {
          await run(work);
        } catch (error) {
          logger.error(`${what} failed again`, { key, error });
          await record(work);
          return { failed: 1 };
        }
        // Unless the work was recorded again meanwhile: that record is the next sweep's.
        await entity
          .remove(key, {
            if: { expression: 'recordedAt = :at', values: { ':at': recordedAt } },
            onConditionFailed: () => new Error('recorded again'),
          })
          .catch((error: unknown) => logger.warn(`${what} kept for the next sweep`, { key, error }));
        return { done: 1 };
      });
    },
  };
}
