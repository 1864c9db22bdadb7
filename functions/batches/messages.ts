/** The queue (core/infrastructure.ts) whose consumer (functions/consumers/batches.ts) processes batches. */
export const BATCHES_QUEUE = 'batches';

/**
 * What the batches queue carries: a batch to start (read, copy, chunk), or one chunk of its records
 * (`start`: the index of its first record in the file; `duplicates`: indexes of records that repeat
 * an earlier record's unique field, decided once over the whole file so the outcome never depends
 * on which chunk runs first).
 */
export type BatchMessage =
  | { kind: 'start'; batchId: string }
  | {
      kind: 'chunk';
      batchId: string;
      chunk: number;
      start: number;
      header: string[];
      rows: string[][];
      duplicates: Record<string, string>;
    };
