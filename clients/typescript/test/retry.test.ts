import { retryAfterSeconds, retryingFetch } from '../src';

/** A send that answers `statuses` in turn and records each request's method, headers and body. */
function scripted(...answers: { status: number; retryAfter?: string }[]) {
  const seen: { method: string; body: string }[] = [];
  const send = async (request: Request) => {
    seen.push({ method: request.method, body: await request.text() });
    const { status, retryAfter } = answers[Math.min(seen.length - 1, answers.length - 1)];
    return new Response('{}', { status, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } });
  };
  return { seen, send };
}

const slept: number[] = [];
const sleep = async (ms: number) => {
  slept.push(ms);
};
beforeEach(() => {
  slept.length = 0;
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request('http://platform.test/api/x', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('retryingFetch', () => {
  it('sends a read again after the Retry-After the platform gives on 409, 429 and 503', async () => {
    const { seen, send } = scripted(
      { status: 409, retryAfter: '1' },
      { status: 429, retryAfter: '3' },
      { status: 503, retryAfter: '2' },
      { status: 200 },
    );
    const response = await retryingFetch(send, { attempts: 4, sleep })(new Request('http://platform.test/api/x'));
    expect(response.status).toBe(200);
    expect(seen).toHaveLength(4);
    expect(slept).toEqual([1000, 3000, 2000]);
  });

  it('sends an idempotency-keyed command again with the same body and key', async () => {
    const { seen, send } = scripted({ status: 409, retryAfter: '0' }, { status: 200 });
    const body = { assetId: 'a', idempotencyKey: 'pay-1' };
    expect((await retryingFetch(send, { sleep })(post(body))).status).toBe(200);
    expect(seen).toEqual([
      { method: 'POST', body: JSON.stringify(body) },
      { method: 'POST', body: JSON.stringify(body) },
    ]);

    const keyed = scripted({ status: 503, retryAfter: '1' }, { status: 200 });
    expect((await retryingFetch(keyed.send, { sleep })(post({}, { 'Idempotency-Key': 'k' }))).status).toBe(200);
    expect(keyed.seen).toHaveLength(2);
  });

  it('sends a refund again: its externalRef is its key', async () => {
    const { seen, send } = scripted({ status: 409, retryAfter: '1' }, { status: 200 });
    const refund = new Request('http://platform.test/api/payment-requests/pr_1/refund', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: { currency: 'NZD', amount: '100' }, externalRef: 'refund-1' }),
    });
    expect((await retryingFetch(send, { sleep })(refund)).status).toBe(200);
    expect(seen).toHaveLength(2);
  });

  it.each([
    ['a JSON body without a key', () => post({ configId: 'c' })],
    // A payment request's externalRef is the merchant's reference, not a key: only a refund's is.
    ['a payment request with its externalRef', () => post({ configId: 'c', externalRef: 'order-1' })],
    ['no body', () => new Request('http://platform.test/api/x', { method: 'POST' })],
  ])('never sends a command twice without an idempotency key: %s', async (_name, request) => {
    const { seen, send } = scripted({ status: 409, retryAfter: '1' }, { status: 200 });
    expect((await retryingFetch(send, { sleep })(request())).status).toBe(409);
    expect(seen).toHaveLength(1);
    expect(slept).toEqual([]);
  });

  it('stops after its attempts, and at once when asked to wait longer than it may', async () => {
    const busy = scripted({ status: 503, retryAfter: '1' });
    expect((await retryingFetch(busy.send, { attempts: 3, sleep })(new Request('http://p.test/a'))).status).toBe(503);
    expect(busy.seen).toHaveLength(3);

    const long = scripted({ status: 429, retryAfter: '61' }, { status: 200 });
    const res = await retryingFetch(long.send, { maxDelaySeconds: 60, sleep })(new Request('http://p.test/a'));
    expect(res.status).toBe(429);
    expect(long.seen).toHaveLength(1);
  });

  it('returns any other answer as it came', async () => {
    const { seen, send } = scripted({ status: 500 }, { status: 200 });
    expect((await retryingFetch(send, { sleep })(new Request('http://p.test/a'))).status).toBe(500);
    expect(seen).toHaveLength(1);
  });
});

describe('retryAfterSeconds', () => {
  it('reads delta-seconds and HTTP dates, and waits a second when the header says nothing usable', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('7', now)).toBe(7);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5);
    expect(retryAfterSeconds('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds(null, now)).toBe(1);
    expect(retryAfterSeconds('soon', now)).toBe(1);
  });
});
