import { handlerOf, type FunctionModules } from './bundles';

/**
 * What EventBridge does every minute on AWS, more often locally so an event the stream did not hand on shows up
 * quickly.
 */
export function startWebhookSweep(intervalMs: number, modules: FunctionModules): { stop(): Promise<void> } {
  const sweep = handlerOf<() => Promise<unknown>>(modules, 'functions/consumers/webhook-sweep');
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => sweep()).catch((error) => console.error('webhook sweep:', error));
  }, intervalMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
