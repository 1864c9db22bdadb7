import { constructStack } from '@smithy/core/client';
import { type CallHandler, MiddlewareStack, type Step } from '../../functions/core/db/middleware-stack';

/**
 * The DynamoDB client's middleware stack (functions/core/db/middleware-stack.ts) wraps a call in the order smithy's
 * stack, which an SDK client's hooks are written for, wraps it: by step, then priority, then insertion.
 */
type Priority = 'high' | 'normal' | 'low';
const ENTRIES: [string, Step, Priority?][] = [
  ['build-a', 'build'],
  ['init-low', 'initialize', 'low'],
  ['deser-low', 'deserialize', 'low'],
  ['init-a', 'initialize'],
  ['build-high', 'build', 'high'],
  ['serialize', 'serialize'],
  ['init-high', 'initialize', 'high'],
  ['finalize', 'finalizeRequest'],
  ['init-b', 'initialize'],
  ['deser', 'deserialize'],
  ['build-b', 'build'],
];

/** The order each stack calls its entries in, outermost first. */
async function orderOf(stack: {
  add(middleware: never, options: { step: Step; name: string; priority?: Priority }): void;
  resolve(handler: never, context: object): (args: { input: object }) => Promise<unknown>;
}): Promise<string[]> {
  const seen: string[] = [];
  for (const [name, step, priority] of ENTRIES)
    stack.add(
      ((next: CallHandler) => (args: Parameters<CallHandler>[0]) => {
        seen.push(name);
        return next(args);
      }) as never,
      { step, name, ...(priority ? { priority } : {}) },
    );
  await stack.resolve((async () => ({ output: {} })) as never, {})({ input: {} });
  return seen;
}

describe('the DynamoDB middleware stack (core/db/middleware-stack.ts)', () => {
  it("calls its entries in smithy's order: step, then priority, then the order they were added", async () => {
    const ours = await orderOf(new MiddlewareStack() as never);
    expect(ours).toEqual(await orderOf(constructStack() as never));
    expect(ours.slice(0, 4)).toEqual(['init-high', 'init-a', 'init-b', 'init-low']);
  });

  it("puts the client's own steps after the entries of their step and priority, resorting after a change", async () => {
    const seen: string[] = [];
    const entry = (name: string) => (next: CallHandler) => (args: Parameters<CallHandler>[0]) => {
      seen.push(name);
      return next(args);
    };
    const stack = new MiddlewareStack([{ step: 'serialize', name: 'own', middleware: entry('own') }]);
    stack.add(entry('added'), { step: 'serialize', name: 'added' });
    const call = () => stack.resolve(async () => ({ output: {} }), {})({ input: {} });
    await call();
    stack.add(entry('first'), { step: 'initialize', name: 'first' });
    await call();
    expect(stack.remove('added')).toBe(true);
    expect(stack.remove('added')).toBe(false);
    await call();
    expect(seen).toEqual(['added', 'own', 'first', 'added', 'own', 'first', 'own']);
    expect(stack.identify()).toEqual(['first - initialize', 'own - serialize']);
    expect(() => stack.add(entry('again'), { step: 'build', name: 'first' })).toThrow(/Duplicate middleware name/);
  });
});
