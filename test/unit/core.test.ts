import fc from 'fast-check';
import { ApiError, badRequest, forbidden, tooManyRequests } from '../../functions/core/errors/classes';
import { derivedId, ID_PREFIX, isIdOf, newId, type PrefixedEntity } from '../../functions/core/ids';
import { NumberValueImpl as NumberValue } from '@aws-sdk/util-dynamodb';
import {
  attemptedWriteKeys,
  itemBytes,
  itemWriteUnits,
  writeFigures,
  writtenKeys,
  type RecordedCall,
} from '../../functions/core/db/capacity';
import { mergeMetadata } from '../../functions/core/metadata';
import { parseAmount, parsePositiveAmount } from '../../functions/core/money';
import { ROLES } from '../../functions/core/auth/permissions';
import { PERMISSIONS, scopeOf } from '../../functions/permissions';
import { describe as describeError } from '../../functions/core/validation/validate';
import { routeKey } from '../../functions/core/http/route';
import { ROUTES, GROUPS } from '../../functions/routes';
import { SCHEMAS } from '../../functions/schemas';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('errors', () => {
  it('shape every error as {statusCode, error, message}', () => {
    expect(badRequest('name is required').toBody()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'name is required',
    });
    expect(forbidden().toBody()).toEqual({ statusCode: 403, error: 'Forbidden', message: 'FORBIDDEN' });
    const limited = tooManyRequests(12);
    expect(limited.toBody()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: 'RATE_LIMIT_EXCEEDED' });
    expect(limited.headers).toEqual({ 'retry-after': '12' });
    expect(new ApiError(503, 'x').toBody().error).toBe('Service Unavailable');
  });
});

describe('validation messages', () => {
  it('name the field', () => {
    const base = { schemaPath: '', message: 'x' };
    expect(
      describeError(
        { ...base, keyword: 'required', instancePath: '/value', params: { missingProperty: 'amount' } },
        'body',
      ),
    ).toBe('value.amount is required');
    expect(
      describeError({ ...base, keyword: 'required', instancePath: '', params: { missingProperty: 'name' } }, 'body'),
    ).toBe('name is required');
    expect(
      describeError(
        { ...base, keyword: 'type', instancePath: '/paymentOptions/0/type', params: { type: 'string' } },
        'body',
      ),
    ).toBe('paymentOptions.0.type must be a string');
    expect(
      describeError({ ...base, keyword: 'enum', instancePath: '/role', params: { allowedValues: ['a', 'b'] } }, 'body'),
    ).toBe('role must be one of: a, b');
    expect(describeError({ ...base, keyword: 'pattern', instancePath: '/name', params: {} }, 'body')).toBe(
      'name has an invalid format',
    );
    expect(describeError({ ...base, keyword: 'type', instancePath: '', params: { type: 'object' } }, 'body')).toBe(
      'body must be a object',
    );
  });
});

describe('ids and money', () => {
  it('makes 22-character base58 ids, prefixed where the specification says', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId()));
    expect(ids.size).toBe(10_000);
    for (const id of [...ids].slice(0, 100)) expect(id).toMatch(/^[1-9A-HJ-NP-Za-km-z]{22}$/);
    expect(newId('merchantConfig')).toMatch(/^mc_[1-9A-HJ-NP-Za-km-z]{22}$/);
    expect(Object.values(ID_PREFIX)).toEqual([
      'c',
      'ap',
      'apm',
      'apc',
      'mc',
      'pl',
      'sc',
      'scm',
      'cn',
      'wh',
      'whd',
      'bo',
    ]);
    // Every id the platform makes fits its own kind, and no other prefix's.
    for (const entity of Object.keys(ID_PREFIX) as PrefixedEntity[]) {
      expect([
        isIdOf(entity, newId(entity)),
        isIdOf(entity, derivedId(entity, 'x')),
        isIdOf('id', newId(entity)),
      ]).toEqual([true, true, false]);
    }
    expect([
      isIdOf('id', newId()),
      isIdOf('id', derivedId(undefined, 'x')),
      isIdOf('merchantConfig', 'ap_x'),
      isIdOf('id', 'x'.repeat(2100)),
    ]).toEqual([true, true, false, false]);
  });

  it('parses money as integer strings only', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 99_999_999n }), (n) =>
        expect(parsePositiveAmount('amount', n.toString())).toBe(n),
      ),
    );
    for (const bad of ['-1', '1.5', '01', '1e3', '', ' 1']) expect(() => parseAmount('amount', bad)).toThrow(ApiError);
    expect(() => parsePositiveAmount('value.amount', '0')).toThrow('value.amount must be greater than 0');
  });
});

describe('metadata', () => {
  it('merges supplied keys and removes those given an empty string', () => {
    expect(mergeMetadata({ a: '1', b: '2' }, { b: '', c: '3' })).toEqual({ a: '1', c: '3' });
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.string({ minLength: 1 })),
        fc.dictionary(fc.string(), fc.string()),
        (current, update) => {
          const merged = mergeMetadata(current, update);
          // Own properties only: a removed key such as `toString` must not read through to the prototype.
          for (const [k, v] of Object.entries(update))
            expect(Object.getOwnPropertyDescriptor(merged, k)?.value).toBe(v === '' ? undefined : v);
        },
      ),
    );
  });
});

describe('permissions matrix', () => {
  it('gives the operator everything, globally, and keeps cashiers out of key management', () => {
    for (const permission of Object.keys(PERMISSIONS) as (keyof typeof PERMISSIONS)[])
      expect(scopeOf('platform-operator', permission)).toBe('global');
    expect(scopeOf('cashier', 'api-keys:create')).toBeUndefined();
    expect(scopeOf('account-owner', 'payment-requests:read')).toBe('global');
    expect(scopeOf('merchant-terminal', 'payment-requests:create')).toBe('integration');
    expect(ROLES).toContain('anon-consumer');
  });
});

describe('route table', () => {
  it('is consistent: unique keys, known permissions and schemas, a handler per group naming its operations', () => {
    const keys = ROUTES.map((r) => routeKey(r));
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of ROUTES) {
      if (route.authentication === 'apiKey') expect(route.permission! in PERMISSIONS).toBe(true);
      else expect(route.permission).toBeNull();
      for (const id of [
        (route as { body?: string }).body,
        (route as { query?: string }).query,
        (route as { response?: string }).response,
      ]) {
        if (id) expect(id in SCHEMAS).toBe(true);
      }
      if ((route as { query?: string }).query) expect((route as { query?: string }).query).toMatch(/Query$/);
      const handler = join(__dirname, '..', '..', 'functions', 'lambda', `${route.group}.ts`);
      expect(existsSync(handler)).toBe(true);
      expect(readFileSync(handler, 'utf8')).toContain(route.operation);
      expect(GROUPS).toContain(route.group);
    }
  });
});

describe('write units (the bench and the money write test)', () => {
  const key = (PK: string, SK = 'S') => ({ PK: { S: PK }, SK: { S: SK } });
  const transaction = (items: Record<string, unknown>[], failed?: boolean): RecordedCall => ({
    commandName: 'TransactWriteItemsCommand',
    input: { TransactItems: items },
    roundTrip: 1,
    ...(failed ? { failed } : {}),
  });
  const calls: RecordedCall[] = [
    transaction([
      { Put: { Item: key('A') } },
      { Update: { Key: key('B') } },
      { Delete: { Key: key('C') } },
      { ConditionCheck: { Key: key('D') } },
    ]),
    { commandName: 'UpdateItemCommand', input: { Key: key('E') }, roundTrip: 2 },
    { commandName: 'DeleteItemCommand', input: { Key: key('F') }, roundTrip: 2 },
    {
      commandName: 'BatchWriteItemCommand',
      input: { RequestItems: { t: [{ PutRequest: { Item: key('G') } }] } },
      roundTrip: 2,
    },
    { commandName: 'GetItemCommand', input: { Key: key('H') }, roundTrip: 2 },
    transaction([{ Put: { Item: key('I') } }], true),
  ];

  it('bills per started KB of the item as written: 2 in a transaction, 1 alone, plus 1 per index entry', () => {
    expect(itemWriteUnits({ PK: 'a' }, true, true)).toEqual({ table: 2, index: 0 });
    expect(itemWriteUnits({ PK: 'a' }, false, true)).toEqual({ table: 1, index: 0 });
    const large = { PK: 'b', GSI1PK: 'x', GSI2PK: 'y', blob: 'x'.repeat(2500) };
    expect(itemWriteUnits(large, true, false)).toEqual({ table: 6, index: 6 });
    // A webhook event dispatched since has left the outbox index it was written with.
    expect(itemWriteUnits({ PK: 'c', dispatchedAt: 'now' }, true, false)).toEqual({ table: 2, index: 1 });
    // Stored dispatched as it was created (no receiver): it never had the outbox entry.
    expect(itemWriteUnits({ PK: 'c', createdAt: 't', dispatchedAt: 't' }, false, true)).toEqual({ table: 1, index: 0 });
    // 822 bytes as DynamoDB sizes it, though its JSON is over 1,200: one KB.
    expect(itemWriteUnits({ PK: 'c', list: Array.from({ length: 203 }, () => 'abc') }, true, true).table).toBe(2);
    // A keys-only index's entry is written with a new item, not by an update that keeps its keys.
    expect(itemWriteUnits({ PK: 'd', GSI3PK: 'k' }, true, true)).toEqual({ table: 2, index: 1 });
    expect(itemWriteUnits({ PK: 'd', GSI3PK: 'k' }, true, false)).toEqual({ table: 2, index: 0 });
  });

  it('counts what took effect: puts and updates as read back, deletes at 1 KB, condition checks 2', () => {
    const readBack = new Map([
      ['A S', { PK: 'A', SK: 'S', GSI1PK: 'g', blob: 'x'.repeat(1500) }],
      ['B S', { PK: 'B', SK: 'S' }],
      ['E S', { PK: 'E', SK: 'S', blob: 'x'.repeat(1500) }],
      ['G S', { PK: 'G', SK: 'S' }],
    ]);
    // A: 2 KB, 4 + 2 index; B 2; C deleted 2; D checked 2; E alone, 2 KB: 2; F deleted alone 1; G alone 1.
    expect(writeFigures(calls, readBack)).toEqual({
      items: 6,
      writeUnits: 6 + 2 + 2 + 2 + 2 + 1 + 1,
      gsiWriteUnits: 2,
    });
    // An item gone by its read-back counts 1 KB.
    expect(writeFigures([calls[1]], new Map()).writeUnits).toBe(1);
  });

  it('reports the keys written, condition checks and failed calls aside; attempts include the failed', () => {
    expect(writtenKeys(calls).map((k) => k.PK)).toEqual(['A', 'B', 'C', 'E', 'F', 'G']);
    expect(attemptedWriteKeys(calls)).toEqual(['A', 'B', 'C', 'E', 'F', 'G', 'I']);
  });

  it(
    'sizes an item as DynamoDB does: names, UTF-8 strings, numbers by significant digits, 3 bytes per list or map ' +
      'and 1 per element',
    () => {
      expect(itemBytes({ PK: 'PR#1', n: 123, ok: true, l: ['a', 'bc'], m: { x: 'y' } })).toBe(6 + 4 + 3 + 9 + 7);
      expect(itemBytes({ s: 'né' })).toBe(1 + 3);
      expect(itemBytes({ n: 0.05, big: 12345678901234567890n, exact: NumberValue.from('-100') })).toBe(
        1 + 2 + (3 + 11) + (5 + 2),
      );
      expect(itemBytes({ set: new Set(['ab', 'c']), b: new Uint8Array(10), gone: undefined })).toBe(3 + 3 + 1 + 10);
    },
  );
});
