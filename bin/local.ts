/**
 * `npm start [-- --in-memory]`: the whole platform on this machine, on 127.0.0.1:${PORT:-8787}.
 * SEED_OUT=<file> also writes the seeded ids and keys there as JSON; LOCAL_STATE_DIR moves the data from .local/.
 * In either mode it publishes where it listens in the state folder (runtime.json), where `npm run admin` finds it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildValidators } from './build-validators';

async function main(): Promise<void> {
  const startedAt = Date.now();
  // The whole local platform's clock may be advanced (`npm run admin -- advance-clock`; core/clock.ts).
  // Set here and by the tests only: a deployed stack never sets it.
  process.env.LOCAL_TEST_CLOCK ??= '1';
  // One readable line per request (functions/core/observability.ts); tests and the bench keep WARN.
  process.env.LOG_LEVEL ??= 'INFO';
  // Validators are generated from the schema map before any handler loads them (unless a test run already did).
  if (process.env.VALIDATORS_PREBUILT !== '1') buildValidators();
  const { startPlatform } = await import('./local/platform');
  const inMemory = process.argv.includes('--in-memory');
  const port = Number(process.env.PORT ?? 8787);
  const stateDir = process.env.LOCAL_STATE_DIR ?? join(__dirname, '..', '.local');
  const platform = await startPlatform({
    port,
    inMemory,
    stateDir,
    publish: true,
    log: (line) => console.log(`  ${line}`),
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping`);
    await platform.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // npm may exit on SIGTERM without passing it on; a changed parent means whoever started us is gone.
  const parent = process.ppid;
  setInterval(() => process.ppid !== parent && void stop('parent exited'), 500).unref();

  const response = await fetch(`${platform.url}/api/openapi.json`);
  const elapsed = Date.now() - startedAt;
  if (process.env.SEED_OUT) writeFileSync(process.env.SEED_OUT, JSON.stringify(platform.seed, null, 2));
  console.log(`
Platform listening on ${platform.url} (${inMemory ? 'in memory' : `data in ${stateDir}`})
Administer it with \`npm run admin\`${process.env.LOCAL_STATE_DIR ? ` (with LOCAL_STATE_DIR=${stateDir})` : ''}.
First request answered ${response.status} ${elapsed} ms after start.

Seeded:
${Object.entries(platform.seed)
  .map(([name, value]) => `  ${name.padEnd(20)} ${value}`)
  .join('\n')}

Try:
  curl -s ${platform.url}/api/accounts/${platform.seed.accountId} -H 'x-api-key: ${platform.seed.apiKey}'
`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
