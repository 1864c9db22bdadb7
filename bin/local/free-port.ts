import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processAlive } from './process-alive';

/**
 * Below Linux's ephemeral range (32768–60999): a port the OS hands to outgoing connections (the
 * platform's own clients among them) can be taken between this check and the real listen, which made
 * starts fail with EADDRINUSE under load. Ports here are only ever taken by a listener choosing them.
 */
const FIRST = 20_000;
const RANGE = 12_000;

/**
 * A port checked free and handed to a listener that has not bound it yet is still free to the next check, in this
 * process or in another platform started beside it (two `npm start`s, the tests' platforms). So a port handed out is
 * claimed by a file named after it, made exclusively, holding the claiming process's id: no other process takes it
 * while that process lives, and this one lets its claims go when it exits. One folder per user: another user's would
 * not be writable.
 */
const CLAIMS = join(tmpdir(), `payments-platform-ports-${process.getuid?.() ?? 0}`);
const claimed: string[] = [];

/** A loopback port free right now, chosen at random outside the ephemeral range, never one handed out before. */
export async function freePort(): Promise<number> {
  mkdirSync(CLAIMS, { recursive: true });
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = FIRST + Math.floor(Math.random() * RANGE);
    if (claim(port) && (await canListen(port))) return port;
  }
  throw new Error('no free loopback port found');
}

function claim(port: number): boolean {
  const file = join(CLAIMS, String(port));
  if (!createExclusive(file)) {
    // Claimed already. The claim of a process that is gone is taken over; an empty one is being written.
    const pid = Number(readOrEmpty(file));
    if (!(pid > 0 && !processAlive(pid))) return false;
    unlinkQuietly(file);
    if (!createExclusive(file)) return false;
  }
  if (claimed.length === 0) process.once('exit', () => claimed.forEach(unlinkQuietly));
  claimed.push(file);
  return true;
}

function createExclusive(file: string): boolean {
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Gone already.
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
