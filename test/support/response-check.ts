import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ERRORS } from '../../functions/core/errors/catalogue';
import { validateWith, type Validators } from '../../functions/core/validation/validate';
import { gzippedBase64 } from '../../functions/generated/openapi';
import { ROUTES, type Route } from '../../functions/routes';

// Every schema's validator, resources included: generated for the tests only (bin/build-validators.ts),
// as plain JavaScript without type declarations, hence required.
const ALL = (require('../../functions/core/validation/generated/all-validators.js') as { validators: Validators })
  .validators;

/** Each route's path template as a pattern, most specific (fewest parameters) first. */
const MATCHERS = (ROUTES as readonly Route[])
  .map((route) => ({
    route,
    pattern: new RegExp(`^${route.path.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`),
    params: (route.path.match(/\{/g) ?? []).length,
  }))
  .sort((a, b) => a.params - b.params);

type Responses = Record<string, { 'x-error-codes'?: string[] }>;

/** The document the platform serves (bin/openapi-document.ts): each operation's error statuses and codes. */
const DOCUMENT = JSON.parse(gunzipSync(Buffer.from(gzippedBase64, 'base64')).toString('utf8')) as {
  paths: Record<string, Record<string, { responses: Responses }>>;
};

/** An error a route answered that its OpenAPI entry does not list: the status, or the code under it. */
function undocumentedError(route: Route, status: number, body: unknown): string | undefined {
  const response = DOCUMENT.paths[route.path][route.method.toLowerCase()].responses[String(status)];
  if (!response) return `status ${status} is not among its documented responses`;
  const message = (body as { message?: unknown } | undefined)?.message;
  if (typeof message !== 'string' || !(message in ERRORS) || response['x-error-codes']?.includes(message))
    return undefined;
  return `${status} ${message} is not among the codes its entry lists`;
}

/**
 * Every 200 JSON body an API test receives is checked against its route's response schema: a
 * field of the wrong JSON type or shape fails the test that met it, wherever it was. Every JSON
 * error is checked against its route's OpenAPI entry: a status or code it does not list fails too.
 */
export function checkResponse(
  method: string,
  path: string,
  status: number,
  contentType: string | null,
  body: unknown,
): void {
  if (!contentType?.startsWith('application/json')) return;
  const pathname = path.split('?')[0];
  const route = MATCHERS.find((m) => m.route.method === method && m.pattern.test(pathname))?.route;
  if (route && status !== 200) {
    const departure = undocumentedError(route, status, body);
    if (departure) throw new Error(`${method} ${pathname} (${route.path}): ${departure}\n${JSON.stringify(body)}`);
    return;
  }
  if (status !== 200 || !route?.response) return;
  try {
    validateWith(ALL, route.response, structuredClone(body), 'body');
  } catch (error) {
    throw new Error(
      `${method} ${pathname}: 200 body does not match ${route.response}: ` +
        `${(error as Error).message}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
}

/** Where recorded exchanges go, one file per operationId, embedded in the document by bin/openapi-document.ts. */
const EXAMPLES = join(__dirname, '..', '..', 'openapi', 'examples');
/** A larger exchange is not recorded: a later, smaller one of the same operation is. */
const MAX_EXAMPLE_CHARS = 8_000;

/**
 * With OPENAPI_RECORD set (a recording run of the conformance suite, docs/api-reference.md), the first JSON success
 * each operation answers, with the JSON body that asked for it, is written as its example. Files already there are
 * kept: workers run in parallel and the first one wins.
 */
export function recordExample(method: string, path: string, requestBody: unknown, status: number, body: unknown): void {
  const pathname = path.split('?')[0];
  const route = MATCHERS.find((m) => m.route.method === method && m.pattern.test(pathname))?.route;
  if (!route || status !== 200 || !route.response || typeof body !== 'object') return;
  const text = JSON.stringify({ request: { method, path, body: requestBody }, response: { status, body } }, null, 2);
  if (text.length > MAX_EXAMPLE_CHARS) return;
  mkdirSync(EXAMPLES, { recursive: true });
  try {
    writeFileSync(join(EXAMPLES, `${route.operationId ?? route.operation}.json`), `${text}\n`, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
