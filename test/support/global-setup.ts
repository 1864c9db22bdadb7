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
  // Webhook retries back off from 1 s instead of 30 s, so a test sees several attempts in seconds.
  process.env.WEBHOOK_RETRY_BASE_SECONDS ??= '1';
  // The gateway reports the keys each request wrote, so a refused call can be shown to have written nothing.
  process.env.TRACK_CONSUMED_CAPACITY = '1';
  const platform = await startPlatform({ port: await freePort(), inMemory: true, stateDir: '' });
  (globalThis as { __PLATFORM__?: unknown }).__PLATFORM__ = platform;
  process.env.PLATFORM_URL = platform.url;
  process.env.PLATFORM_SEED = JSON.stringify(platform.seed);
}
