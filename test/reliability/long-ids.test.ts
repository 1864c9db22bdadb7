import { ID_KINDS, isIdOf, pathParameterKind, type IdKindName } from '../../functions/core/ids';
import { routeKey } from '../../functions/core/http/route';
import { ROUTES, type Route } from '../../functions/routes';
import { api, newAccount, seed, type ApiResponse } from '../support/api';
import { missingIdOf, schemaOf, validInstance, type Schema } from '../support/route-fixtures';
import { written } from '../support/value';

/**
 * Generated from the route table and the request schemas: every path parameter of every route is
 * sent (a) 2,100 characters of its kind's alphabet and (b) a value with a character outside its kind,
 * the other parameters naming missing resources of their kinds; every id field of every request body
 * is sent 1,100 characters. No answer is a 5xx, nothing is written, and each answers as the route
 * says an impossible id does (route `impossibleId`): by default exactly like an id of the right shape
 * that names nothing.
 */
const LONG_PATH = 2_100;
const LONG_FIELD = 1_100;

/** A value of `length` characters of the kind's own alphabet: too long, and only that. */
const longOf = (kind: IdKindName, length: number) => missingIdOf(kind).at(-1)!.repeat(length);

/** A value of the kind with one character no id of that kind has. */
function outsideKind(kind: IdKindName): string {
  const missing = missingIdOf(kind);
  const value = ['~', '\u0007'].map((c) => `${missing.slice(0, -1)}${c}`).find((v) => !isIdOf(kind, v));
  if (!value) throw new Error(`no character outside ${kind}`);
  return value;
}

const withParameters = (ROUTES as readonly Route[]).filter((route) => route.path.includes('{'));
const parametersOf = (route: Route) => [...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name);

interface Sent {
  route: Route;
  key?: string;
  accountId: string;
}

/** The route with every parameter filled (a missing id of its kind, the account given), one of them replaced. */
function pathWith(route: Route, accountId: string, replace?: { name: string; value: string }): string {
  const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(
      name === replace?.name ? replace.value : name === 'accountId' ? accountId : missingIdOf(pathParameterKind(name)!),
    ),
  );
  const query = schemaOf(route.query)
    ? new URLSearchParams(
        Object.entries(validInstance(schemaOf(route.query)!) as Record<string, unknown>).map(
          ([k, v]): [string, string] => [k, String(v)],
        ),
      ).toString()
    : '';
  return query ? `${path}?${query}` : path;
}

/** Bodies the operation itself checks further before it looks the path's resource up (pay names what it pays with). */
const BODY_OVERRIDES: Record<string, Record<string, unknown>> = {
  'POST /api/payment-requests/{paymentRequestId}/pay': { assetId: missingIdOf('id') },
  'POST /api/payment-requests/{paymentRequestId}/confirm': { value: { currency: 'NZD', amount: '100' } },
};

const bodyOf = (route: Route, accountId: string) =>
  route.body && route.bodyEncoding !== 'multipart'
    ? {
        body: {
          ...(validInstance(schemaOf(route.body)!, { accountId }) as object),
          ...BODY_OVERRIDES[routeKey(route)],
        },
      }
    : {};

function call({ route, key, accountId }: Sent, replace?: { name: string; value: string }): Promise<ApiResponse> {
  return api(route.method, pathWith(route, accountId, replace), {
    ...(key ? { key } : {}),
    ...bodyOf(route, accountId),
  });
}

/** What the route answers for an impossible value of `name` (its `impossibleId`), or undefined: like a missing one. */
function documented(route: Route, name: string): { status: number; body: unknown } | undefined {
  const answer = route.impossibleId;
  // `notFound` answers exactly as a missing one does.
  if (answer === undefined || answer === 'notFound') return undefined;
  if (answer === 'badRequest')
    return { status: 400, body: { statusCode: 400, error: 'Bad Request', message: `${name} has an invalid format` } };
  return {
    status: answer.status,
    body: {
      statusCode: answer.status,
      error: answer.status === 400 ? 'Bad Request' : 'Forbidden',
      message: answer.code,
    },
  };
}

let operator: string;
let accountId: string;

beforeAll(async () => {
  operator = seed().operatorApiKey;
  ({ accountId } = await newAccount());
});

describe.each(withParameters.map((route) => [routeKey(route), route] as const))('%s', (_key, route) => {
  // The operator holds every permission, so each request reaches the path check.
  const sent = (): Sent => ({ route, key: route.authentication === 'apiKey' ? operator : undefined, accountId });

  it.each(
    parametersOf(route).flatMap(
      (name) =>
        [
          [name, `${LONG_PATH} characters`, () => longOf(pathParameterKind(name)!, LONG_PATH)],
          [name, 'a character outside its kind', () => outsideKind(pathParameterKind(name)!)],
        ] as const,
    ),
  )('%s with %s: no 5xx, nothing written, answered as a missing resource', async (name, _what, value) => {
    const res = await call(sent(), { name, value: value() });
    expect({ status: res.status, written: written(res) }).toEqual({ status: expect.any(Number), written: [] });
    expect(res.status).toBeLessThan(500);
    const expected = documented(route, name);
    if (expected) return expect({ status: res.status, body: res.body }).toEqual(expected);
    // Exactly what an id of the right shape that names nothing answers (a page: its not-found page, whose nonce
    // differs).
    const missing = await call(sent(), { name, value: missingIdOf(pathParameterKind(name)!) });
    if (route.contentType === 'text/html') return expect(res.status).toBe(missing.status);
    expect({ status: res.status, body: res.body }).toEqual({ status: missing.status, body: missing.body });
  });
});

/** Every id field of a request schema (nested objects and arrays of ids included), as dotted paths with the kind. */
interface IdField {
  path: string[];
  kind: IdKindName;
  inArray: boolean;
  /** The kind's bound, or a tighter one the field sets. */
  maxLength: number;
}

function idFields(schema: Schema, path: string[] = []): IdField[] {
  const kindOf = (s: Schema | undefined) =>
    (Object.keys(ID_KINDS) as IdKindName[]).find((kind) => s?.pattern === ID_KINDS[kind].pattern);
  const field = (here: string[], s: Schema, kind: IdKindName, inArray: boolean): IdField[] => [
    { path: here, kind, inArray, maxLength: Math.min(s.maxLength ?? Infinity, ID_KINDS[kind].maxLength) },
  ];
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const here = [...path, name];
    const kind = kindOf(property);
    if (kind && kind !== 'reference') return field(here, property, kind, false);
    const itemKind = property.type === 'array' ? kindOf(property.items) : undefined;
    if (itemKind && itemKind !== 'reference') return field(here, property.items!, itemKind, true);
    return property.type === 'object' ? idFields(property, here) : [];
  });
}

const withIdFields = (ROUTES as readonly Route[]).filter(
  (route) => route.body && route.bodyEncoding !== 'multipart' && idFields(schemaOf(route.body)!).length,
);

describe.each(withIdFields.map((route) => [routeKey(route), route] as const))('%s body', (_key, route) => {
  it.each(idFields(schemaOf(route.body)!).map((field) => [field.path.join('.'), field] as const))(
    `%s with ${LONG_FIELD} characters: 400 naming the field, nothing written`,
    async (dotted, field) => {
      const long = longOf(field.kind, LONG_FIELD);
      const body = validInstance(schemaOf(route.body)!, { accountId }) as Record<string, unknown>;
      let target = body;
      for (const segment of field.path.slice(0, -1)) {
        target[segment] ??= {};
        target = target[segment] as Record<string, unknown>;
      }
      target[field.path.at(-1)!] = field.inArray ? [long] : long;
      const res = await api(route.method, pathWith(route, accountId), {
        ...(route.authentication === 'apiKey' ? { key: operator } : {}),
        body,
      });
      const name = field.inArray ? `${dotted}.0` : dotted;
      expect({ status: res.status, message: res.body?.message, written: written(res) }).toEqual({
        status: 400,
        message: `${name} must NOT have more than ${field.maxLength} characters`,
        written: [],
      });
    },
  );
});
