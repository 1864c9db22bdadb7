import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../bin/local/free-port';

/**
 * Runs each page of docs/journeys/ as its reader would: every ```sh block of the page, in order, in one
 * `bash -euo pipefail` (so variables carry from block to block), from the repository's root, with a shell's
 * environment plus a port and a state folder of its own, so the page's `npm start -- --in-memory &` is a
 * fresh platform beside any other. A page fails on the first command that fails (its last block checks the
 * balances), and the failure shows the output of the block it failed in.
 */
const ROOT = join(__dirname, '..', '..');
const PAGES = join(ROOT, 'docs', 'journeys');
/** A start takes half a minute on a quiet machine, several on one as loaded as a shared CI runner gets. */
const PAGE_TIMEOUT_MS = 10 * 60_000;
/** What may take a stopped platform to let go of its output (DynamoDB Local, the emulator). */
const STOP_TIMEOUT_MS = 30_000;
const BLOCK = /^```sh\n([\s\S]*?)^```$/gm;

interface Block {
  line: number;
  code: string;
}

function blocksOf(page: string): Block[] {
  const text = readFileSync(join(PAGES, page), 'utf8');
  return [...text.matchAll(BLOCK)].map((match) => ({
    line: text.slice(0, match.index).split('\n').length,
    code: match[1],
  }));
}

/** The page's session, each block announced by a marker line so a failure can show its block's output. */
const sessionOf = (page: string, blocks: Block[]) =>
  blocks.map((block, i) => `echo "${marker(page, i, block)}"\n${block.code}`).join('\n');
// With the seconds the session had run (bash's SECONDS), to tell a slow start from a slow step.
const marker = (page: string, index: number, block: Block) =>
  `--- block ${index + 1} (${page}:${block.line}) at \${SECONDS}s`;

async function runSession(script: string, stateDir: string): Promise<{ code: number | null; output: string }> {
  const file = join(stateDir, 'session.sh');
  writeFileSync(file, script);
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(await freePort()),
    LOCAL_STATE_DIR: stateDir,
    // The page's `mktemp -d` too, so its files go with the state folder.
    TMPDIR: stateDir,
    // `npm test` built them before jest started.
    VALIDATORS_PREBUILT: '1',
    // The platform's warnings and errors only: the session's own output is what a failure shows.
    LOG_LEVEL: 'WARN',
  };
  // Its own process group: the platform the page starts in the background is stopped with the session.
  const child = spawn('bash', ['-euo', 'pipefail', file], { cwd: ROOT, env, detached: true, stdio: 'pipe' });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // the group is gone already
    }
  };
  const timer = setTimeout(() => {
    output += `\n(the session ran longer than ${PAGE_TIMEOUT_MS / 1000} s and was stopped)`;
    signalGroup('SIGKILL');
  }, PAGE_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  signalGroup('SIGTERM');
  const stopTimer = setTimeout(() => signalGroup('SIGKILL'), STOP_TIMEOUT_MS);
  await closed;
  clearTimeout(stopTimer);
  return { code, output };
}

const pages = readdirSync(PAGES).filter((name) => name.endsWith('.md') && name !== 'README.md');

describe('journeys (docs/journeys/) run as documented', () => {
  it('has pages, each with a session', () => {
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect([page, blocksOf(page).length > 0]).toEqual([page, true]);
  });

  it.each(pages)(
    '%s',
    async (page) => {
      const blocks = blocksOf(page);
      const stateDir = mkdtempSync(join(tmpdir(), 'journey-'));
      try {
        const { code, output } = await runSession(sessionOf(page, blocks), stateDir);
        if (code !== 0) {
          const failedIn = output.slice(output.lastIndexOf('--- block '));
          throw new Error(`${page} exited ${code}; the block it stopped in and its output:\n${failedIn.slice(-8000)}`);
        }
      } finally {
        rmSync(stateDir, { recursive: true, force: true });
      }
    },
    PAGE_TIMEOUT_MS + STOP_TIMEOUT_MS + 10_000,
  );
});
