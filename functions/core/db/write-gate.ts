import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDb } from './dynamodb';

/**
 * A request's admission, awaited by its first DynamoDB write rather than before its first call: the
 * per-account rate-limit counter (a DynamoDB write) runs alongside the operation's reads instead of
 * ahead of them, and a refused request still writes nothing. The HTTP pipeline opens one gate per
 * request (core/http/group-handler.ts) and settles it before answering.
 */
export interface WriteGate {
  admitted?: Promise<void>;
  /**
   * The request's GetItem and Query answers so far, by input: the same read made again in one
   * request (an account the route's authorization, the operation and its clock each look up; balances
   * a pay prefetches beside the request) costs no second round trip. Any write the request sends
   * forgets them all, so a read after a write (a retried transaction's) goes to DynamoDB. Item reads
   * (db/batch.ts `readItems`) keep their answers here too.
   */
  reads?: Map<string, Promise<unknown>>;
  /** Other checks the request's writes wait for besides admission (core/idempotency.ts: the stored answer's lookup). */
  holds?: Promise<unknown>[];
}

const gates = new AsyncLocalStorage<WriteGate>();

const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'TransactWriteItemsCommand',
  'BatchWriteItemCommand',
]);
const CACHED_READS = new Set(['GetItemCommand', 'QueryCommand']);

/** The gate of the request the caller runs in, if any. */
export const currentGate = (): WriteGate | undefined => gates.getStore();

/** Runs `work` with its DynamoDB writes held until `gate.admitted` (once set) resolves; they fail with its refusal. */
export const withWriteGate = <T>(gate: WriteGate, work: () => Promise<T>): Promise<T> => gates.run(gate, work);

/**
 * Makes the current request's DynamoDB writes wait for `check` too, and fail with its rejection.
 * False outside a request's gate (nothing held: the caller awaits the check itself).
 */
export function holdWritesUntil(check: Promise<unknown>): boolean {
  const gate = gates.getStore();
  if (!gate) return false;
  check.catch(() => undefined);
  gate.holds ??= [];
  gate.holds.push(check);
  return true;
}

/**
 * Starts a read now, beside the request's other reads, so that the same read made later in the
 * request finds its answer in the read cache instead of waiting for everything before it. A failed
 * read is the later read's to report.
 */
export function prefetch(read: Promise<unknown>): void {
  read.catch(() => undefined);
}

/** Runs `work` outside any gate: the admission's own counter write must not wait for itself. */
export const ungated = <T>(work: () => Promise<T>): Promise<T> => gates.exit(work);

/**
 * Holds each write of the client until its request's admission, and answers a GetItem or Query the
 * request already made from its first answer (core/db/client.ts adds this to every client).
 */
export function gateWrites(client: DynamoDb): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const gate = gates.getStore();
      if (!gate) return next(args);
      const command = context.commandName ?? '';
      if (WRITES.has(command)) {
        gate.reads?.clear();
        if (gate.admitted) await gate.admitted;
        if (gate.holds?.length) await Promise.all(gate.holds);
        try {
          return await next(args);
        } finally {
          gate.reads?.clear();
        }
      }
      if (!CACHED_READS.has(command)) return next(args);
      const key = JSON.stringify(args.input);
      gate.reads ??= new Map();
      let answer = gate.reads.get(key) as Promise<Awaited<ReturnType<typeof next>>> | undefined;
      if (!answer) {
        // The parsed output is kept as it came and never handed out: each reader, the first included,
        // takes a copy of its own. The HTTP response, already read, is shared.
        answer = next(args);
        gate.reads.set(key, answer);
        answer.catch(() => gate.reads?.delete(key));
      }
      const result = await answer;
      return { ...result, output: copyOf(result.output) };
    },
    { step: 'initialize', name: 'gateWrites', priority: 'high' },
  );
}

/**
 * A reader's own copy of an answer: arrays and plain objects copied at every depth, anything else
 * (the document client's NumberValue, Sets, bytes) kept as it is, so types survive.
 */
function copyOf<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copyOf) as T;
  if (value && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null)
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyOf(v)])) as T;
  }
  return value;
}
