import { idempotencyHeader, wasReplayed } from '../src';

describe('idempotencyHeader', () => {
  it('makes a fresh key per command unless given one, which it keeps for retries', () => {
    const first = idempotencyHeader()['Idempotency-Key'];
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(idempotencyHeader()['Idempotency-Key']).not.toBe(first);
    expect(idempotencyHeader('void-order-42')).toEqual({ 'Idempotency-Key': 'void-order-42' });
  });

  it('refuses a key the platform would refuse', () => {
    expect(() => idempotencyHeader('')).toThrow('Idempotency-Key must be 1 to 255 characters');
    expect(() => idempotencyHeader('k'.repeat(256))).toThrow(RangeError);
    expect(idempotencyHeader('k'.repeat(255))['Idempotency-Key']).toHaveLength(255);
  });
});

describe('wasReplayed', () => {
  it('reads Idempotent-Replayed', () => {
    expect(wasReplayed(new Response('{}', { headers: { 'Idempotent-Replayed': 'true' } }))).toBe(true);
    expect(wasReplayed(new Response('{}'))).toBe(false);
  });
});
