/**
 * The DynamoDB client's middleware stack: the hooks (db/capacity.ts, db/write-gate.ts, tracing, the tests' fault
 * injection) are added to it as to an SDK client's, in its steps and priorities (initialize, serialize, build,
 * finalizeRequest, deserialize; high, normal, low; insertion order within both), so each wraps the call where it
 * would there. Smithy's stack sorts and expands its entries on every call (some 5% of a pay's CPU in the local
 * profile); this one sorts once after each change.
 */
export type Step = 'initialize' | 'serialize' | 'build' | 'finalizeRequest' | 'deserialize';
type Priority = 'high' | 'normal' | 'low';

/** What moves through the stack: the input, then (from the serialize step on) the request; then the answer. */
interface CallArgs {
  input: Record<string, unknown>;
  request?: unknown;
}
interface CallResult {
  output: Record<string, unknown>;
  response?: unknown;
}
export type CallHandler = (args: CallArgs) => Promise<CallResult>;
/** Names of the client and the command (`GetItemCommand`), as the SDK's context carries them. */
export interface CallContext {
  clientName?: string;
  commandName?: string;
}
export type Middleware = (next: CallHandler, context: CallContext) => CallHandler;
export interface MiddlewareOptions {
  step: Step;
  name?: string;
  priority?: Priority;
}

const STEP_ORDER: Record<Step, number> = { initialize: 0, serialize: 1, build: 2, finalizeRequest: 3, deserialize: 4 };
const PRIORITY_ORDER: Record<Priority, number> = { high: 0, normal: 1, low: 2 };

interface Entry extends MiddlewareOptions {
  middleware: Middleware;
}

export class MiddlewareStack {
  private readonly entries: Entry[] = [];
  /** The entries outermost first, made on the first call after a change. */
  private sorted?: Entry[];

  /** `own`: the client's own steps (serialization), after every added entry of their step and priority. */
  constructor(private readonly own: readonly Entry[] = []) {}

  add(middleware: Middleware, options: MiddlewareOptions): void {
    if (options.name && this.entries.some((entry) => entry.name === options.name))
      throw new Error(`Duplicate middleware name '${options.name}'`);
    this.entries.push({ ...options, middleware });
    this.sorted = undefined;
  }

  /** Removes the entry of that name; false when there is none. */
  remove(name: string): boolean {
    const index = this.entries.findIndex((entry) => entry.name === name);
    if (index < 0) return false;
    this.entries.splice(index, 1);
    this.sorted = undefined;
    return true;
  }

  /** The named entries in order, as smithy's `identify` lists them (`<name> - <step>`). */
  identify(): string[] {
    return this.order()
      .filter((entry) => entry.name)
      .map((entry) => `${entry.name} - ${entry.step}`);
  }

  /** `handler` (the wire) wrapped in every entry, the first of the order outermost. */
  resolve(handler: CallHandler, context: CallContext): CallHandler {
    return this.order().reduceRight<CallHandler>((next, entry) => entry.middleware(next, context), handler);
  }

  private order(): Entry[] {
    this.sorted ??= [...this.entries, ...this.own].sort(
      (a, b) =>
        STEP_ORDER[a.step] - STEP_ORDER[b.step] ||
        PRIORITY_ORDER[a.priority ?? 'normal'] - PRIORITY_ORDER[b.priority ?? 'normal'],
    );
    return this.sorted;
  }
}
