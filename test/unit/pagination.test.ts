process.env.PAGE_KEY_SECRET = 'unit-test-page-key-secret';

import { decodePageKey, encodePageKey } from '../../functions/core/db/pagination';

const SCOPE = 'ACCOUNTWALLETS#acc_5Hq3V2mXo9Lr8PzKcN4tYb';
const KEY = {
  PK: 'ASSET#8fW2kLqZ7xVn3TbRcYp5sD',
  SK: 'ASSET',
  GSI1PK: SCOPE,
  GSI1SK: '2026-11-27T10:00:00.000Z#8fW2kLqZ7xVn3TbRcYp5sD',
};

/** `pageKey is invalid`, a 400. */
const refusal = expect.objectContaining({ statusCode: 400, message: 'pageKey is invalid' });

describe('page keys', () => {
  it('round-trip within their listing', async () => {
    expect(await decodePageKey(await encodePageKey(KEY, SCOPE), SCOPE)).toEqual(KEY);
  });

  it('are opaque: no table key, scope or id can be read from one, however it is decoded', async () => {
    const pageKey = await encodePageKey(KEY, SCOPE);
    const readings = [
      pageKey,
      Buffer.from(pageKey, 'base64url').toString('latin1'),
      Buffer.from(pageKey, 'base64url').toString('utf8'),
    ];
    for (const secret of [
      'ASSET',
      'GSI1',
      '8fW2kLqZ7xVn3TbRcYp5sD',
      'acc_5Hq3V2mXo9Lr8PzKcN4tYb',
      '2026-11-27',
      Buffer.from(JSON.stringify(KEY)).toString('base64url').slice(0, 12),
    ]) {
      for (const reading of readings) expect(reading).not.toContain(secret);
    }
    // Sealed afresh each time: equal positions in one listing do not give equal keys away.
    expect(await encodePageKey(KEY, SCOPE)).not.toBe(pageKey);
  });

  it('refuse a key altered anywhere, truncated, padded, forged or of another listing: 400', async () => {
    const pageKey = await encodePageKey(KEY, SCOPE);
    const bytes = Buffer.from(pageKey, 'base64url');
    const flipped = (at: number) => {
      const copy = Buffer.from(bytes);
      copy[at] ^= 0x01;
      return copy.toString('base64url');
    };
    const forged = [
      flipped(0), // the nonce
      flipped(14), // the sealed table key
      flipped(bytes.length - 1), // the tag
      pageKey.slice(0, -2),
      `${pageKey}AA`,
      `${pageKey}.`,
      Buffer.from(JSON.stringify(KEY)).toString('base64url'),
      '',
      'not a page key',
    ];
    for (const key of forged) await expect(decodePageKey(key, SCOPE)).rejects.toEqual(refusal);
    await expect(decodePageKey(pageKey, 'ACCOUNTWALLETS#acc_another')).rejects.toEqual(refusal);
  });
});
