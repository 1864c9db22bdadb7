import { PutCommand } from '../../functions/core/db/document';

// The low-level client under db() is made on first use, from these; "DynamoDB" is the server below.
process.env.AWS_REGION = 'us-east-1';
process.env.AWS_ACCESS_KEY_ID = 'test';
process.env.AWS_SECRET_ACCESS_KEY = 'test';

import { getItems, readItems } from '../../functions/core/db/batch';
import { db, rawDb } from '../../functions/core/db/client';
import { withWriteGate, type WriteGate } from '../../functions/core/db/write-gate';
import { standInService } from '../support/stand-in-service';

type Key = { PK: string; SK: string };
const key = (id: string): Key => ({ PK: `PR#${id}`, SK: 'PR' });
const stored = (id: string) => ({ PK: { S: `PR#${id}` }, SK: { S: 'PR' }, amount: { N: '5' } });

/** What reached "DynamoDB": each call's operation and the keys it named. */
let sent: { operation: string; keys: string[] }[];
/** Items there, by PK; `unprocessedOnce` keys are left unprocessed by the first BatchGetItem that names them. */
let table: Set<string>;
let unprocessedOnce: Set<string>;
let failNext: boolean;

let close: () => void;

beforeAll(async () => {
  const service = await standInService(({ headers, text }) => ({
    ...answerTo(String(headers['x-amz-target']).split('.')[1], text),
    headers: { 'content-type': 'application/x-amz-json-1.0' },
  }));
  close = service.close;
  process.env.AWS_ENDPOINT_URL_DYNAMODB = service.url;
});
afterAll(() => {
  rawDb().destroy();
  close();
});

function answerTo(operation: string, text: string): { status: number; body: unknown } {
  const input = JSON.parse(text);
  if (failNext) {
    failNext = false;
    sent.push({ operation, keys: [] });
    return { status: 400, body: { __type: 'com.amazon.coral.validate#ValidationException', message: 'refused' } };
  }
  if (operation === 'GetItem') {
    sent.push({ operation, keys: [input.Key.PK.S] });
    const pk = input.Key.PK.S as string;
    return { status: 200, body: table.has(pk) ? { Item: stored(pk.slice(3)) } : {} };
  }
  if (operation === 'BatchGetItem') {
    const keys = input.RequestItems.payments.Keys as { PK: { S: string } }[];
    sent.push({ operation, keys: keys.map((k) => k.PK.S) });
    const left = keys.filter((k) => unprocessedOnce.delete(k.PK.S));
    const done = keys.filter((k) => !left.includes(k) && table.has(k.PK.S));
    return {
      status: 200,
      body: {
        Responses: { payments: done.map((k) => stored(k.PK.S.slice(3))) },
        ...(left.length ? { UnprocessedKeys: { payments: { Keys: left, ConsistentRead: true } } } : {}),
      },
    };
  }
  sent.push({ operation, keys: [] });
  return { status: 200, body: {} };
}

beforeEach(() => {
  sent = [];
  table = new Set(['PR#a', 'PR#b', 'PR#c']);
  unprocessedOnce = new Set();
  failNext = false;
});

describe('item reads (core/db/batch.ts readItems)', () => {
  it("sends a request's reads started side by side as one BatchGetItem; each reader gets its own items", async () => {
    const [one, many, missing] = await withWriteGate({}, () =>
      Promise.all([
        readItems([key('a')]),
        getItems([key('b'), key('c')]),
        // Started a few awaits later in the same turn, as a request's reads start after its checks.
        (async () => {
          for (let i = 0; i < 3; i++) await null;
          return readItems([key('x')]);
        })(),
      ]),
    );
    expect(sent).toEqual([{ operation: 'BatchGetItem', keys: ['PR#a', 'PR#b', 'PR#c', 'PR#x'] }]);
    expect(one).toEqual([stored('a')]);
    expect([...many.values()]).toEqual([
      { PK: 'PR#b', SK: 'PR', amount: 5 },
      { PK: 'PR#c', SK: 'PR', amount: 5 },
    ]);
    expect(missing).toEqual([undefined]);
  });

  it('answers a key the request read before from that read, until the request writes', async () => {
    await withWriteGate({}, async () => {
      await readItems([key('a')]);
      await Promise.all([readItems([key('a')]), readItems([key('a'), key('b')])]);
      await db().send(new PutCommand({ TableName: 'payments', Item: { PK: 'PR#a', SK: 'PR' } }));
      await readItems([key('a')]);
    });
    expect(sent).toEqual([
      { operation: 'GetItem', keys: ['PR#a'] },
      { operation: 'GetItem', keys: ['PR#b'] },
      { operation: 'PutItem', keys: [] },
      { operation: 'GetItem', keys: ['PR#a'] },
    ]);
  });

  it('outside a request, sends each call at once: one key as GetItem, several as BatchGetItem', async () => {
    await Promise.all([readItems([key('a')]), readItems([key('b'), key('c'), key('b')])]);
    expect(sent).toEqual([
      { operation: 'GetItem', keys: ['PR#a'] },
      { operation: 'BatchGetItem', keys: ['PR#b', 'PR#c'] },
    ]);
  });

  it('reads a key queued before a write emptied the cache once, for both its readers', async () => {
    const gate: WriteGate = {};
    const [first, second] = await withWriteGate(gate, async () => {
      const before = readItems([key('a')]);
      // What a write's start does to the request's cache (core/db/write-gate.ts), here within the same turn.
      gate.reads?.clear();
      return Promise.all([before, readItems([key('a')])]);
    });
    expect(sent).toEqual([{ operation: 'GetItem', keys: ['PR#a'] }]);
    expect(first).toEqual(second);
  });

  it('asks for unprocessed keys again', async () => {
    unprocessedOnce = new Set(['PR#b']);
    const found = await withWriteGate({}, () => getItems([key('a'), key('b')]));
    expect(sent).toEqual([
      { operation: 'BatchGetItem', keys: ['PR#a', 'PR#b'] },
      { operation: 'BatchGetItem', keys: ['PR#b'] },
    ]);
    expect([...found.keys()]).toEqual(['PR#a PR', 'PR#b PR']);
  });

  it('fails every read of a failed call, and keeps none of them: a later read asks again', async () => {
    failNext = true;
    await withWriteGate({}, async () => {
      const reads = [readItems([key('a')]), readItems([key('b')])];
      await expect(reads[0]).rejects.toThrow('refused');
      await expect(reads[1]).rejects.toThrow('refused');
      expect(await readItems([key('a')])).toEqual([stored('a')]);
    });
    expect(sent).toEqual([
      { operation: 'BatchGetItem', keys: [] },
      { operation: 'GetItem', keys: ['PR#a'] },
    ]);
  });
});
