import { spawn } from 'node:child_process';
import { freePort } from '../../bin/local/free-port';

/** The local platform picks its ports side by side (bin/local/platform.ts): no two may get the same one. */
describe('freePort', () => {
  it('never hands out one port twice in a process, even to checks made side by side', async () => {
    const ports = await Promise.all(Array.from({ length: 600 }, () => freePort()));
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) expect(port >= 20_000 && port < 32_000).toBe(true);
  });

  it('never hands out a port another living process holds, as two platforms started at once', async () => {
    // A tenth of the range each: picked at random and unclaimed, some hundred and twenty would be both processes'.
    const count = 1_200;
    const other = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `const { freePort } = require('./bin/local/free-port.ts');
        Promise.all(Array.from({ length: ${count} }, () => freePort())).then((ports) => {
          process.stdout.write(JSON.stringify(ports) + '\\n');
          process.stdin.resume();
        });`,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    try {
      const [theirs, mine] = await Promise.all([
        new Promise<number[]>((resolve) => {
          let out = '';
          other.stdout.on('data', (chunk: Buffer) => {
            out += chunk;
            if (out.endsWith('\n')) resolve(JSON.parse(out) as number[]);
          });
        }),
        Promise.all(Array.from({ length: count }, () => freePort())),
      ]);
      const taken = new Set(theirs);
      expect(theirs).toHaveLength(count);
      expect(mine.filter((port) => taken.has(port))).toEqual([]);
    } finally {
      const exited = new Promise((resolve) => other.once('exit', resolve));
      other.stdin.end();
      await exited;
    }
  }, 60_000);
});
