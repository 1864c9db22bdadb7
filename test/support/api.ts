import type { Seed } from '../../bin/local/seed';
import { checkResponse, recordExample } from './response-check';

/**
 * A JSON body as a test reads it. Its shape is what the test asserts, and response-check.ts checks every
 * response against the route's OpenAPI schema, so a static type would only repeat the schemas.
 */
// biome-ignore lint/suspicious/noExplicitAny: the one place tests opt out of static types (see above)
export type Json = any;

/** HTTP client for API tests against the local platform started by global-setup. */
export interface ApiResponse<T = Json> {
  status: number;
  body: T;
  headers: Headers;
}

export function platformUrl(): string {
  const url = process.env.PLATFORM_URL;
  if (!url) throw new Error('PLATFORM_URL not set: run API tests through jest (global setup starts the platform)');
  return url;
}

/** `npm run admin` flags naming the test platform: its table in DynamoDB Local and its HTTP address. */
export const adminTargetFlags = (): string[] => [
  '--endpoint',
  process.env.AWS_ENDPOINT_URL_DYNAMODB!,
  '--table',
  process.env.TABLE_NAME!,
  '--api',
  platformUrl(),
];

export function seed(): Seed {
  return JSON.parse(process.env.PLATFORM_SEED ?? '{}') as Seed;
}

export async function api<T = Json>(
  method: string,
  path: string,
  options: {
    key?: string;
    token?: string;
    account?: string;
    body?: unknown;
    rawBody?: string;
    form?: FormData;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.key) headers['x-api-key'] = options.key;
  // A signed-in user: their access token, and the org account they act in.
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.account) headers['x-account'] = options.account;
  // A multipart form: fetch sets its content type and boundary.
  let body: string | FormData | undefined = options.form ?? options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${platformUrl()}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // non-JSON bodies stay text, so a test can assert on them
  }
  checkResponse(method, path, response.status, response.headers.get('content-type'), parsed);
  if (process.env.OPENAPI_RECORD) recordExample(method, path, options.body, response.status, parsed);
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export interface TestAccount {
  accountId: string;
  apiKey: string;
}

let counter = 0;

/**
 * A fresh account with an account-owner key, created through the API by the operator: each
 * test file works in accounts of its own, so files never see each other's data.
 */
export async function newAccount(
  options: { type?: 'org' | 'individual'; test?: boolean; region?: string; role?: string } = {},
): Promise<TestAccount> {
  const operator = seed().operatorApiKey;
  const type = options.type ?? 'org';
  const created = await api('POST', '/api/accounts', {
    key: operator,
    body: {
      name: `Test account ${++counter}`,
      type,
      ...(type === 'org' ? { region: options.region ?? 'NZ' } : {}),
      ...(options.test === false ? {} : { test: true }),
    },
  });
  if (created.status !== 200) throw new Error(`account create failed: ${JSON.stringify(created.body)}`);
  const key = await api('POST', `/api/accounts/${created.body.id}/api-keys`, {
    key: operator,
    body: { name: `key${counter}`, role: options.role ?? 'account-owner' },
  });
  if (key.status !== 200) throw new Error(`key create failed: ${JSON.stringify(key.body)}`);
  return { accountId: created.body.id, apiKey: key.body.secret };
}

export const FORBIDDEN = { statusCode: 403, error: 'Forbidden', message: 'FORBIDDEN' };
