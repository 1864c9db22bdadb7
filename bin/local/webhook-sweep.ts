import { handler as sweep } from '../../functions/consumers/webhook-sweep';

/** What EventBridge does every minute on AWS, more often locally so a lost wake-up shows up quickly. */
export function startWebhookSweep(intervalMs: number): { stop(): Promise<void> } {
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
