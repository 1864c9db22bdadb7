import { createServer } from 'node:http';
import { derivedId } from '../../functions/core/ids';
import { postJson } from '../../functions/core/webhooks/post';
import {
  GIVE_UP_AFTER_MS,
  MAX_RETRY_DELAY_SECONDS,
  nextAttemptAt,
  retryDelaySeconds,
} from '../../functions/core/webhooks/retry-schedule';
import { checkTarget, isRefusedAddress, TargetRefusedError } from '../../functions/core/webhooks/target-guard';

describe('webhook retry schedule', () => {
  it('backs off exponentially from the base, with full jitter, capped at an hour', () => {
    // random just below 1 shows the ceiling of each wait; random 0 shows the floor.
    const ceiling = (n: number) => retryDelaySeconds(n, 30, 1);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(ceiling)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600]);
    expect(ceiling(40)).toBe(MAX_RETRY_DELAY_SECONDS);
    expect(retryDelaySeconds(5, 30, 0)).toBe(0);
    expect(retryDelaySeconds(3, 30, 0.5)).toBe(60);
    expect(retryDelaySeconds(2, 1, 0.999)).toBeCloseTo(1.998);
  });

  it('schedules the next attempt within two weeks of the event, then gives up', () => {
    const created = '2026-01-01T00:00:00.000Z';
    const at = (ms: number) => new Date(Date.parse(created) + ms);
    expect(nextAttemptAt(1, created, at(1000), 30, 0.5)?.toISOString()).toBe(at(16_000).toISOString());
    expect(nextAttemptAt(20, created, at(0), 30, 1)?.toISOString()).toBe(at(3600_000).toISOString());
    // An hour before the deadline an hour-long wait still fits; a moment later it would not.
    expect(nextAttemptAt(30, created, at(GIVE_UP_AFTER_MS - 3600_000), 30, 1)).toBeDefined();
    expect(nextAttemptAt(30, created, at(GIVE_UP_AFTER_MS - 3600_000 + 1), 30, 1)).toBeUndefined();
    expect(nextAttemptAt(1, created, at(GIVE_UP_AFTER_MS + 1), 30, 0)).toBeUndefined();
  });

  it('gives deliveries of the same (event, receiver) the same id', () => {
    const id = derivedId('webhookDelivery', 'evt1', 'wh_1');
    expect(id).toMatch(/^whd_[1-9A-HJ-NP-Za-km-z]{22}$/);
    expect(derivedId('webhookDelivery', 'evt1', 'wh_1')).toBe(id);
    expect(derivedId('webhookDelivery', 'evt1', 'wh_2')).not.toBe(id);
  });
});

describe('webhook target guard', () => {
  const previous = process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
  afterEach(() => {
    if (previous === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    else process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = previous;
  });
  const refusal = (url: string) =>
    checkTarget(url).then(
      () => undefined,
      (error: Error) => (error instanceof TargetRefusedError ? error.message : `unexpected ${error}`),
    );

  it('knows loopback, private, link-local and unique-local addresses, IPv4-mapped ones too', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ]) {
      expect([address, isRefusedAddress(address)]).toEqual([address, true]);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect([address, isRefusedAddress(address)]).toEqual([address, false]);
    }
  });

  it('refuses non-http(s) URLs and private targets (by literal or by name) while the guard is on', async () => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    expect(await refusal('ftp://example.com/x')).toBe('must use http or https');
    expect(await refusal('not a url')).toBe('must be an absolute URL');
    expect(await refusal('http://127.0.0.1:8080/hook')).toMatch(/loopback, private or link-local/);
    expect(await refusal('http://[::1]/hook')).toMatch(/loopback, private or link-local/);
    expect(await refusal('http://169.254.169.254/latest/meta-data')).toMatch(/loopback, private or link-local/);
    expect(await refusal('https://[fd00::1]/')).toMatch(/loopback, private or link-local/);
    expect(await refusal('http://localhost:9000/')).toMatch(/must not resolve to a loopback/);
    expect(await refusal('https://93.184.216.34/hook')).toBeUndefined();
  });

  it('lets local receivers through when WEBHOOK_ALLOW_PRIVATE_TARGETS=1, never other schemes', async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = '1';
    expect(await refusal('http://127.0.0.1:8080/hook')).toBeUndefined();
    expect(await refusal('http://localhost:9000/')).toBeUndefined();
    expect(await refusal('file:///etc/passwd')).toBe('must use http or https');
  });

  it('refuses at delivery time too, including a name that resolves to loopback, without sending anything', async () => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      expect(await postJson(`http://127.0.0.1:${port}/`, '{}', {})).toEqual({
        error: expect.stringMatching(/^target refused: url must not point/),
      });
      expect(await postJson(`http://localhost:${port}/`, '{}', {})).toEqual({
        error: expect.stringMatching(/^target refused: url resolves to a loopback/),
      });
      expect(hits).toBe(0);
      process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = '1';
      expect(await postJson(`http://localhost:${port}/`, '{}', {})).toEqual({ statusCode: 200 });
      expect(hits).toBe(1);
    } finally {
      server.close();
    }
  });
});
