import { createServer } from 'node:net';

/**
 * Below Linux's ephemeral range (32768–60999): a port the OS hands to outgoing connections (the
 * platform's own clients among them) can be taken between this check and the real listen, which made
 * starts fail with EADDRINUSE under load. Ports here are only ever taken by a listener choosing them.
 */
const FIRST = 20_000;
const RANGE = 12_000;

/**
 * Ports this process has handed out: a platform picks its six side by side, and a port checked free and handed to one
 * listener that has not bound it yet is still free to the next check.
 */
const handedOut = new Set<number>();

/** A loopback port free right now, chosen at random outside the ephemeral range, never one handed out before. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = FIRST + Math.floor(Math.random() * RANGE);
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await canListen(port)) return port;
  }
  throw new Error('no free loopback port found');
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
