import { freePort } from '../../bin/local/free-port';

/** The local platform picks its ports side by side (bin/local/platform.ts): no two may get the same one. */
describe('freePort', () => {
  it('never hands out one port twice in a process, even to checks made side by side', async () => {
    const ports = await Promise.all(Array.from({ length: 600 }, () => freePort()));
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) expect(port >= 20_000 && port < 32_000).toBe(true);
  });
});
