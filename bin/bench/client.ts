import { Agent, request, type IncomingHttpHeaders } from 'node:http';

/**
 * A minimal JSON client for the bench: it records status, consumed capacity and what the gateway measured of each call.
 */
export interface BenchResponse {
  status: number;
  body: unknown;
  /** Read units the gateway measured (TRACK_CONSUMED_CAPACITY=1); writes are read back (api-scenarios.ts). */
  capacity: { read: number };
  /** The gateway's measurement (TRACK_CONSUMED_CAPACITY=1): handler time, serial DynamoDB round trips, calls. */
  measured: { handlerMs: number; serialRoundTrips: number; calls: number };
  /** With RECORD_DYNAMODB_CALLS=1: the request id the gateway keeps the DynamoDB calls under. */
  requestId?: string;
}

/**
 * Requests over node:http with kept-alive connections: the client shares the one process (and its two
 * cores) with the platform it measures, and fetch's streams cost some 0.3 ms of CPU a request here
 * (a GET's p50 2.2 ms through fetch, 1.9 ms through node:http, same run), which the bench charged to the platform.
 */
export function client(baseUrl: string) {
  const base = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  return async function call(method: string, path: string, key?: string, body?: unknown): Promise<BenchResponse> {
    const headers: Record<string, string> = {};
    if (key) headers['x-api-key'] = key;
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    const res = await new Promise<{ status: number; headers: IncomingHttpHeaders; text: string }>((resolve, reject) => {
      const req = request({ host: base.hostname, port: base.port, path, method, headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
    const header = (name: string) => {
      const value = res.headers[name];
      return Array.isArray(value) ? value.join(',') : value;
    };
    const consumed = /read=([\d.]+)/.exec(header('x-consumed-capacity') ?? '');
    const measured = JSON.parse(
      header('x-measured') ?? '{"handlerMs":0,"serialRoundTrips":0,"calls":0}',
    ) as BenchResponse['measured'];
    return {
      status: res.status,
      body: res.text ? JSON.parse(res.text) : undefined,
      capacity: { read: consumed ? Number(consumed[1]) : 0 },
      measured,
      requestId: header('x-request-id'),
    };
  };
}

export type Call = ReturnType<typeof client>;

/** The body of a 200, as the caller reads it (by default a created resource's id). */
export async function expectOk<T = { id: string }>(response: Promise<BenchResponse>, what: string): Promise<T> {
  const res = await response;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

/** An org account made by the operator, with an account-owner API key: every bench fixture starts from one. */
export async function benchOrg(call: Call, operatorKey: string, name: string, test = true) {
  const account = await expectOk(
    call('POST', '/api/accounts', operatorKey, { name, type: 'org', region: 'NZ', ...(test ? { test } : {}) }),
    `${name}: account`,
  );
  const key = await expectOk<{ secret: string }>(
    call('POST', `/api/accounts/${account.id}/api-keys`, operatorKey, { name: 'bench', role: 'account-owner' }),
    `${name}: key`,
  );
  return { accountId: account.id, key: key.secret };
}

/** A fresh org account (benchOrg) and a merchant of it of the same liveness. */
export async function benchMerchant(call: Call, operatorKey: string, name: string, test = true) {
  const owner = await benchOrg(call, operatorKey, name, test);
  const merchant = await expectOk(
    call('POST', '/api/merchants', owner.key, { accountId: owner.accountId, name, country: 'NZ', test }),
    `${name}: merchant`,
  );
  return { owner, merchantId: merchant.id };
}
