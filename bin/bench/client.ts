/** A minimal JSON client for the bench: it records status, consumed capacity and what the gateway measured of each call. */
export interface BenchResponse {
  status: number;
  body: any;
  capacity: { read: number; write: number; items: number };
  /** The gateway's measurement (TRACK_CONSUMED_CAPACITY=1): handler time, serial DynamoDB round trips, calls, index write units. */
  measured: { handlerMs: number; serialRoundTrips: number; calls: number; gsiWriteUnits: number };
  /** With RECORD_DYNAMODB_CALLS=1: the request id the gateway keeps the DynamoDB calls under. */
  requestId?: string;
}

export function client(baseUrl: string) {
  return async function call(method: string, path: string, key?: string, body?: unknown): Promise<BenchResponse> {
    const headers: Record<string, string> = {};
    if (key) headers['x-api-key'] = key;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    const consumed = /read=([\d.]+);write=([\d.]+);items=(\d+)/.exec(res.headers.get('x-consumed-capacity') ?? '');
    const measured = JSON.parse(res.headers.get('x-measured') ?? '{"handlerMs":0,"serialRoundTrips":0,"calls":0,"gsiWriteUnits":0}') as BenchResponse['measured'];
    return {
      status: res.status,
      body: text ? JSON.parse(text) : undefined,
      capacity: { read: consumed ? Number(consumed[1]) : 0, write: consumed ? Number(consumed[2]) : 0, items: consumed ? Number(consumed[3]) : 0 },
      measured,
      requestId: res.headers.get('x-request-id') ?? undefined,
    };
  };
}

export type Call = ReturnType<typeof client>;

export async function expectOk(response: Promise<BenchResponse>, what: string): Promise<any> {
  const res = await response;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
