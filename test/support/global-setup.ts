import { startPlatform } from '../../bin/local/platform';
import { freePort } from '../../bin/local/free-port';

/**
 * Starts the local platform once for the API test run: real DynamoDB Local, in memory.
 * Workers inherit the environment set here (gateway URL, seed keys, AWS endpoints).
 */
export default async function globalSetup(): Promise<void> {
  // Test files share the operator account; rate limiting itself is tested with a per-account limit.
  process.env.RATE_LIMIT_PER_MINUTE ??= '1000000';
  // Every file calls from 127.0.0.1 and some send hundreds of missing or invalid keys; the per-source
  // limit is tested in-process from addresses of its own (test/api/rate-limit.test.ts).
  process.env.UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE ??= '1000000';
  // Clocks of the test platform may be advanced (core/clock.ts), as under `npm start`: tests reach every
  // time rule (expiry, the void and refund windows, pre-auth lapse, webhook retries) through test clocks.
  process.env.LOCAL_TEST_CLOCK = '1';
  // The gateway reports the keys each request wrote, so a refused call can be shown to have written nothing.
  process.env.TRACK_CONSUMED_CAPACITY = '1';
  // Every function from its own bundle, as the stack ships it: one module graph (and cache) per function. Tests run
  // settlements themselves (test/support/settlements.ts), never on a schedule that races their steps.
  const platform = await startPlatform({
    port: await freePort(),
    inMemory: true,
    stateDir: '',
    bundles: true,
    settlementSchedule: false,
  });
  (globalThis as { __PLATFORM__?: unknown }).__PLATFORM__ = platform;
  process.env.PLATFORM_URL = platform.url;
  process.env.PLATFORM_SEED = JSON.stringify(platform.seed);
}
