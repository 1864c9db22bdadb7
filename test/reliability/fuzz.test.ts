import fc from 'fast-check';
import { isIdOf, pathParameterKind, randomBase58, ID_PREFIX } from '../../functions/core/ids';
import { routeKey } from '../../functions/core/http/route';
import { ROUTES, type Route } from '../../functions/routes';
import { api, newAccount, type TestAccount } from '../support/api';
import { missingIdOf, schemaOf, validInstance, type Schema } from '../support/route-fixtures';
import { written } from '../support/value';

/**
 * Every route of the table, each run with a generated path, query and body: one of them invalid by
 * construction (a body or query its schema refuses, a path parameter no id of its kind can be), the
 * others valid but naming nothing. Always a 4xx error naming the problem, never a 5xx, and nothing
 * written. A route that takes no body, query or parameter gets generated junk it ignores: never a 5xx.
 * FUZZ_RUNS (runs a route; `npm run test:fuzz` runs 200) / FUZZ_SEED for longer runs.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 424242);
const fuzzed = ROUTES as readonly Route[];

/** `refused`: the route must answer 4xx (false for junk a route without inputs may ignore). */
type Input = {
  kind: string;
  refused: boolean;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  query?: string;
  params?: Record<string, string>;
};

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
  return bodyBreakers(schema, accountId).map((input) => ({ ...input, refused: true }));
}

function bodyBreakers(schema: Schema, accountId: string): fc.Arbitrary<Omit<Input, 'refused'>> {
  const valid = validInstance(schema, { accountId }) as Record<string, unknown>;
  const props = Object.entries(schema.properties ?? {}) as [string, Schema][];
  const required: readonly string[] = schema.required ?? [];
  const cases: fc.Arbitrary<Omit<Input, 'refused'>>[] = [
    fc.constantFrom<Omit<Input, 'refused'>>(
      { kind: 'invalid JSON', rawBody: '{"a":', contentType: 'application/json' },
      { kind: 'not an object', rawBody: '[1,2,3]', contentType: 'application/json' },
      { kind: 'wrong content type', rawBody: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
      { kind: 'text', rawBody: 'hello', contentType: 'text/plain' },
      {
        kind: 'oversized',
        rawBody: JSON.stringify({ ...valid, pad: 'x'.repeat(300 * 1024) }),
        contentType: 'application/json',
      },
      { kind: 'deep nesting', body: { ...valid, deep: JSON.parse('['.repeat(200) + ']'.repeat(200)) } },
      { kind: 'lone surrogate', body: { ...valid, note: 'bad \ud800 text' } },
      { kind: 'NUL character', body: { ...valid, note: 'a\u0000b' } },
    ),
  ];
  if (required.length)
    cases.push(
      fc
        .constantFrom(...required)
        .map((field) => ({ kind: `missing ${field}`, body: { ...valid, [field]: undefined } })),
    );
  const typed = props.filter(([, s]) => wrongTypeFor(s) !== undefined);
  if (typed.length)
    cases.push(
      fc
        .constantFrom(...typed)
        .map(([field, s]) => ({ kind: `wrong type ${field}`, body: { ...valid, [field]: wrongTypeFor(s) } })),
    );
  const bounded = props.filter(([, s]) => s.type === 'string' && s.maxLength);
  if (bounded.length)
    cases.push(
      fc
        .constantFrom(...bounded)
        .map(([field]) => ({ kind: `huge ${field}`, body: { ...valid, [field]: 'x'.repeat(100_000) } })),
    );
  const money = props.filter(([, s]) => s.properties?.amount || (s.pattern ?? '').startsWith('^(0|[1-9]'));
  if (money.length) {
    cases.push(
      fc
        .tuple(fc.constantFrom(...money), fc.constantFrom('-1', '1.5', '1e3', '01', ' 1', '0x10', ''))
        .map(([[field, s], amount]) => ({
          kind: `bad money ${field}=${amount}`,
          body: { ...valid, [field]: s.properties?.amount ? { currency: 'NZD', amount } : amount },
        })),
    );
  }
  const prefixed = props.filter(([, s]) => /^\^[a-z]+_/.test(s.pattern ?? ''));
  if (prefixed.length)
    cases.push(
      fc
        .constantFrom(...prefixed)
        .map(([field]) => ({ kind: `wrong prefix ${field}`, body: { ...valid, [field]: 'xx_wrongPrefix' } })),
    );
  return fc.oneof(...cases);
}

/** A schema's number-typed fields, with their schemas. */
const numericFields = (schema: Schema) =>
  (Object.entries(schema.properties ?? {}) as [string, Schema][]).filter(
    ([, s]) => s.type === 'integer' || s.type === 'number',
  );

function queryCases(schema: Schema): fc.Arbitrary<Input> | undefined {
  const props = Object.entries(schema.properties ?? {}) as [string, Schema][];
  const cases: fc.Arbitrary<Omit<Input, 'refused'>>[] = [];
  const numeric = numericFields(schema);
  if (numeric.length) {
    cases.push(
      fc
        .tuple(fc.constantFrom(...numeric), fc.constantFrom('abc', '-5', '1e999', '0', '100000'))
        .map(([[f], v]) => ({ kind: `bad ${f}=${v}`, query: `${f}=${encodeURIComponent(v)}` })),
    );
  }
  const patterned = props.filter(([, s]) => s.pattern);
  if (patterned.length)
    cases.push(
      fc
        .constantFrom(...patterned)
        .map(([f]) => ({ kind: `bad pattern ${f}`, query: `${f}=${encodeURIComponent('<script>\u202e')}` })),
    );
  if (schema.properties?.pageKey)
    cases.push(
      fc.constant({ kind: 'forged pageKey', query: `pageKey=${encodeURIComponent('eyJQSyI6IngifQ.forged')}` }),
    );
  return cases.length ? fc.oneof(...cases).map((input) => ({ ...input, refused: true })) : undefined;
}

const parametersOf = (route: Route) => [...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name);

/** The route's path with its parameters filled in. */
const pathOf = (route: Route, params: Record<string, string>) =>
  route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name]));

/**
 * One path parameter no id of its kind can be: any text (long ones included), or a valid one with a character added.
 */
function pathCases(route: Route): fc.Arbitrary<Input> | undefined {
  const names = parametersOf(route);
  if (!names.length) return undefined;
  const text = fc.oneof(
    fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }),
    fc.string({ minLength: 1, maxLength: 3000 }),
    fc.nat({ max: 3000 }).map((n) => 'z'.repeat(n + 30)),
  );
  return (
    fc
      .tuple(fc.constantFrom(...names), text)
      // `.` and `..` are path segments a URL client resolves away: the request would reach another route.
      .filter(
        ([name, value]) =>
          value.trim() === value && value !== '.' && value !== '..' && !isIdOf(pathParameterKind(name)!, value),
      )
      .map(([name, value]) => ({
        kind: `path ${name}=${JSON.stringify(value.slice(0, 40))} (${value.length} characters)`,
        refused: true,
        params: { [name]: value },
      }))
  );
}

/** Valid path parameters naming nothing: a fresh id of each kind. */
const freshParameters = (route: Route): Record<string, string> =>
  Object.fromEntries(
    parametersOf(route).map((name) => {
      const kind = pathParameterKind(name)!;
      if (kind === 'id') return [name, randomBase58()];
      return [
        name,
        kind in ID_PREFIX ? `${ID_PREFIX[kind as keyof typeof ID_PREFIX]}_${randomBase58()}` : missingIdOf(kind),
      ];
    }),
  );

/** Fresh path parameters, generated anew each run (the account is the caller's where the path names one). */
const missingParameters = (route: Route): fc.Arbitrary<Record<string, string>> =>
  fc.constant(null).map(() => freshParameters(route));

/** Query parameters no route declares: ignored everywhere. */
const unknownQuery = fc
  .dictionary(fc.constantFrom('zz', 'debug', 'x-y', '__proto__', 'constructor'), fc.string({ maxLength: 20 }), {
    maxKeys: 3,
  })
  .map((junk) => new URLSearchParams(junk).toString());

/** What a route that takes nothing is sent: junk it ignores. */
const ignoredJunk: fc.Arbitrary<Input> = fc
  .record({ query: unknownQuery, note: fc.string({ maxLength: 50 }) })
  .map(({ query, note }) => ({ kind: `ignored junk ${query}`, refused: false, query, body: { note } }));

/** A query the route's schema accepts (empty for a route without one). */
const validQueryOf = (route: Route) =>
  new URLSearchParams(
    route.query
      ? Object.entries(validInstance(schemaOf(route.query)!) as Record<string, unknown>).map(
          ([k, v]): [string, string] => [k, String(v)],
        )
      : [],
  );

let owner: TestAccount;
beforeAll(async () => {
  owner = await newAccount();
});

describe(`fuzz (seed ${SEED}, ${RUNS} runs a route)`, () => {
  it.each(fuzzed.map((r) => [routeKey(r), r] as const))(
    '%s refuses invalid input with a 4xx and writes nothing',
    async (_key, route) => {
      const breakers = [
        route.body ? bodyCases(schemaOf(route.body)!, owner.accountId) : undefined,
        route.query ? queryCases(schemaOf(route.query)!) : undefined,
        pathCases(route),
      ].filter((a): a is fc.Arbitrary<Input> => a !== undefined);
      const validBody =
        route.body && route.bodyEncoding !== 'multipart'
          ? validInstance(schemaOf(route.body)!, { accountId: owner.accountId })
          : undefined;
      const validQuery = validQueryOf(route).toString();
      await fc.assert(
        fc.asyncProperty(
          breakers.length ? fc.oneof(...breakers) : ignoredJunk,
          missingParameters(route),
          unknownQuery,
          async (input, missing, junk) => {
            const params: Record<string, string> = {
              ...missing,
              ...(missing.accountId ? { accountId: owner.accountId } : {}),
              ...input.params,
            };
            const path = pathOf(route, params);
            // A refused query stands alone; otherwise the route's valid query (if any) and generated unknown
            // parameters.
            const query = input.query !== undefined ? input.query : [validQuery, junk].filter(Boolean).join('&');
            const url = query ? `${path}?${query}` : path;
            // fetch sends no body with a GET.
            const body = route.method === 'GET' ? undefined : input.body !== undefined ? input.body : validBody;
            const res =
              input.rawBody !== undefined
                ? await api(route.method, url, {
                    key: owner.apiKey,
                    rawBody: input.rawBody,
                    headers: { 'content-type': input.contentType! },
                  })
                : await api(route.method, url, { key: owner.apiKey, ...(body !== undefined ? { body } : {}) });
            const context = `${input.kind} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
            expect([context, res.status < 500]).toEqual([context, true]);
            if (!input.refused) return;
            expect([context, res.status >= 400 && res.status < 500]).toEqual([context, true]);
            // Pages answer their own HTML pages; every other error is JSON naming the problem.
            if (route.contentType !== 'text/html' || typeof res.body === 'object') {
              expect(res.body.statusCode).toBe(res.status);
              expect(typeof res.body.message).toBe('string');
              expect((res.body.message as string).length).toBeGreaterThan(0);
            }
            // Every item the request wrote, as the gateway reports it: none but the rate limiter's bookkeeping.
            expect([context, written(res)]).toEqual([context, []]);
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
    },
    Math.max(60_000, RUNS * 1_000),
  );
});

/**
 * ajv's coercion turns these into infinities and then skips the field's bounds (they apply to finite numbers), so
 * every numeric query field of every route is sent each of them, every run: a 400 naming the field.
 */
const INFINITE = ['1e999', '-1e999', 'Infinity'];
const numericQueryFields = fuzzed.flatMap((route) =>
  (route.query ? numericFields(schemaOf(route.query)!) : []).flatMap(([field]) =>
    INFINITE.map((value) => [`${routeKey(route)} ${field}=${value}`, route, field, value] as const),
  ),
);

describe('infinite numbers in a query', () => {
  it('covers the routes with numeric query fields', () => {
    expect(numericQueryFields.length).toBeGreaterThan(30);
  });

  it.each(numericQueryFields)('%s: 400 naming the field', async (_key, route, field, value) => {
    const params: Record<string, string> = { ...freshParameters(route), accountId: owner.accountId };
    const path = pathOf(route, params);
    // The route's valid query otherwise, so no other field is refused first.
    const query = validQueryOf(route);
    query.set(field, value);
    const res = await api(route.method, `${path}?${query}`, { key: owner.apiKey });
    expect([res.status, res.body.message]).toEqual([400, `${field} must be a finite number`]);
    expect(written(res)).toEqual([]);
  });
});
