import fc from 'fast-check';
import { routeKey } from '../../functions/core/http/route';
import { ROUTES, type Route } from '../../functions/routes';
import { api, newAccount, type TestAccount } from '../support/api';
import { pathFor, schemaOf, validInstance } from '../support/route-fixtures';
import { written } from '../support/value';

/**
 * For every route with a body or query schema, inputs invalid by construction: always a 4xx JSON
 * error naming the problem, never a 5xx, and nothing written. FUZZ_RUNS / FUZZ_SEED for longer runs.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 424242);
const fuzzed = (ROUTES as readonly Route[]).filter((r) => r.body || (r.query && queryCases(schemaOf(r.query)!)));

type Schema = Record<string, any>;
type Input = { kind: string; body?: unknown; rawBody?: string; contentType?: string; query?: string };

const wrongTypeFor = (schema: Schema): unknown => {
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.enum || schema.const !== undefined) return 12345;
  if (type.includes('string')) return type.includes('integer') ? true : { not: 'a string' };
  if (type.includes('integer') || type.includes('number')) return 'not-a-number';
  if (type.includes('boolean')) return 'yes';
  if (type.includes('array')) return 'not-an-array';
  if (type.includes('object')) return ['not-an-object'];
  return undefined;
};

function bodyCases(schema: Schema, accountId: string): fc.Arbitrary<Input> {
  const valid = validInstance(schema, { accountId }) as Record<string, unknown>;
  const props = Object.entries(schema.properties ?? {}) as [string, Schema][];
  const required: string[] = schema.required ?? [];
  const cases: fc.Arbitrary<Input>[] = [
    fc.constantFrom<Input>(
      { kind: 'invalid JSON', rawBody: '{"a":', contentType: 'application/json' },
      { kind: 'not an object', rawBody: '[1,2,3]', contentType: 'application/json' },
      { kind: 'wrong content type', rawBody: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
      { kind: 'text', rawBody: 'hello', contentType: 'text/plain' },
      { kind: 'oversized', rawBody: JSON.stringify({ ...valid, pad: 'x'.repeat(300 * 1024) }), contentType: 'application/json' },
      { kind: 'deep nesting', body: { ...valid, deep: JSON.parse('['.repeat(200) + ']'.repeat(200)) } },
      { kind: 'lone surrogate', body: { ...valid, note: 'bad \ud800 text' } },
      { kind: 'NUL character', body: { ...valid, note: 'a\u0000b' } },
    ),
  ];
  if (required.length) cases.push(fc.constantFrom(...required).map((field) => ({ kind: `missing ${field}`, body: { ...valid, [field]: undefined } })));
  const typed = props.filter(([, s]) => wrongTypeFor(s) !== undefined);
  if (typed.length) cases.push(fc.constantFrom(...typed).map(([field, s]) => ({ kind: `wrong type ${field}`, body: { ...valid, [field]: wrongTypeFor(s) } })));
  const bounded = props.filter(([, s]) => s.type === 'string' && s.maxLength);
  if (bounded.length) cases.push(fc.constantFrom(...bounded).map(([field]) => ({ kind: `huge ${field}`, body: { ...valid, [field]: 'x'.repeat(100_000) } })));
  const money = props.filter(([, s]) => s.properties?.amount || (s.pattern ?? '').startsWith('^(0|[1-9]'));
  if (money.length) {
    cases.push(
      fc.tuple(fc.constantFrom(...money), fc.constantFrom('-1', '1.5', '1e3', '01', ' 1', '0x10', '')).map(([[field, s], amount]) => ({
        kind: `bad money ${field}=${amount}`,
        body: { ...valid, [field]: s.properties?.amount ? { currency: 'NZD', amount } : amount },
      })),
    );
  }
  const prefixed = props.filter(([, s]) => /^\^[a-z]+_/.test(s.pattern ?? ''));
  if (prefixed.length) cases.push(fc.constantFrom(...prefixed).map(([field]) => ({ kind: `wrong prefix ${field}`, body: { ...valid, [field]: 'xx_wrongPrefix' } })));
  return fc.oneof(...cases);
}

function queryCases(schema: Schema): fc.Arbitrary<Input> | undefined {
  const props = Object.entries(schema.properties ?? {}) as [string, Schema][];
  const cases: fc.Arbitrary<Input>[] = [];
  const numeric = props.filter(([, s]) => s.type === 'integer' || s.type === 'number');
  if (numeric.length) {
    cases.push(fc.tuple(fc.constantFrom(...numeric), fc.constantFrom('abc', '-5', '1e999', '0', '100000')).map(([[f], v]) => ({ kind: `bad ${f}=${v}`, query: `${f}=${encodeURIComponent(v)}` })));
  }
  const patterned = props.filter(([, s]) => s.pattern);
  if (patterned.length) cases.push(fc.constantFrom(...patterned).map(([f]) => ({ kind: `bad pattern ${f}`, query: `${f}=${encodeURIComponent('<script>\u202e')}` })));
  if (schema.properties?.pageKey) cases.push(fc.constant<Input>({ kind: 'forged pageKey', query: `pageKey=${encodeURIComponent('eyJQSyI6IngifQ.forged')}` }));
  return cases.length ? fc.oneof(...cases) : undefined;
}

let owner: TestAccount;
beforeAll(async () => {
  owner = await newAccount();
});

describe(`fuzz (seed ${SEED}, ${RUNS} runs a route)`, () => {
  it.each(fuzzed.map((r) => [routeKey(r), r] as const))('%s refuses invalid input with a 4xx and writes nothing', async (_key, route) => {
    const arbitraries = [route.body ? bodyCases(schemaOf(route.body)!, owner.accountId) : undefined, route.query ? queryCases(schemaOf(route.query)!) : undefined].filter(
      (a): a is fc.Arbitrary<Input> => a !== undefined,
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(...arbitraries), async (input) => {
        const path = pathFor(route, owner.accountId) + (input.query ? `?${input.query}` : '');
        const res = input.rawBody !== undefined
          ? await api(route.method, path, { key: owner.apiKey, rawBody: input.rawBody, headers: { 'content-type': input.contentType! } })
          : await api(route.method, path, { key: owner.apiKey, ...(input.body !== undefined ? { body: input.body } : {}) });
        const context = `${input.kind} → ${res.status} ${JSON.stringify(res.body)}`;
        expect([context, res.status >= 400 && res.status < 500]).toEqual([context, true]);
        expect(res.body.statusCode).toBe(res.status);
        expect(typeof res.body.message).toBe('string');
        expect((res.body.message as string).length).toBeGreaterThan(0);
        // Every item the request wrote, as the gateway reports it: none but the rate limiter's bookkeeping.
        expect([context, written(res)]).toEqual([context, []]);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  }, 60_000);
});
