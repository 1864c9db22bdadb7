import { handlerOf, type FunctionEntry, type FunctionModules } from './bundles';

/**
 * What an EventBridge Scheduler schedule does on AWS (lib/constructs/functions.ts), done locally on an interval:
 * the webhook and promotion sweeps (every minute; more often locally so an event the stream did not hand on shows
 * up quickly), the promotion draw run (every minute; each draw's end by its owner's clock), the settlement run and
 * the sales channel digest run (hourly; each merchant's or channel's periods go by its account's clock, test
 * clocks included). A run waits for the one before.
 */
export function startSchedule(
  entry: FunctionEntry,
  intervalMs: number,
  modules: FunctionModules,
): { stop(): Promise<void> } {
  const run = handlerOf<() => Promise<unknown>>(modules, entry);
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => run()).catch((error) => console.error(`${entry}:`, error));
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
