/** Statuses the platform answers with `Retry-After` for a request worth sending again unchanged. */
const RETRYABLE = new Set([409, 429, 503]);
/** Methods HTTP defines as idempotent: sending one twice has the effect of sending it once. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export interface RetryOptions {
  /** Attempts in all, the first included (default 3). */
  attempts?: number;
  /** Longest wait in seconds; an answer asking for longer is returned as it is (default 30). */
  maxDelaySeconds?: number;
  /** How to wait (tests pass their own). */
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds a `Retry-After` header asks for (delta-seconds or an HTTP date), 1 if it is missing or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number {
  if (header === null || header.trim() === '') return 1;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1 : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Whether sending `request` again cannot apply it twice: an idempotent method, or a command carrying its idempotency
 * key (docs/api/money.md): the `Idempotency-Key` header, an `idempotencyKey` in its JSON body (pay, confirm, test
 * top-ups), or a refund's `externalRef`, which is its key.
 */
export async function isRetrySafe(request: Request): Promise<boolean> {
  if (IDEMPOTENT_METHODS.has(request.method) || request.headers.has('idempotency-key')) return true;
  if (!request.headers.get('content-type')?.includes('application/json')) return false;
  const keyField = new URL(request.url).pathname.endsWith('/refund') ? 'externalRef' : 'idempotencyKey';
  try {
    const body: unknown = JSON.parse(await request.clone().text());
    return typeof body === 'object' && body !== null && typeof (body as Record<string, unknown>)[keyField] === 'string';
  } catch {
    return false;
  }
}

/**
 * A fetch that sends a retry-safe request again when the platform answers 409 (`TRANSACTION_CONFLICT`), 429
 * (`RATE_LIMIT_EXCEEDED`) or 503 (`SERVICE_BUSY`), after the `Retry-After` it gives, a bounded number of times. Any
 * other request, or an answer asking for a longer wait than `maxDelaySeconds`, is returned as it came.
 */
export function retryingFetch(
  send: (request: Request) => Promise<Response> = (request) => fetch(request),
  options: RetryOptions = {},
): (request: Request) => Promise<Response> {
  const { attempts = 3, maxDelaySeconds = 30, sleep = wait } = options;
  return async (request) => {
    if (!(await isRetrySafe(request))) return send(request);
    for (let attempt = 1; ; attempt++) {
      // Each attempt sends a copy: a request's body can be read once.
      const response = await send(request.clone());
      if (!RETRYABLE.has(response.status) || attempt >= attempts) return response;
      const seconds = retryAfterSeconds(response.headers.get('retry-after'));
      if (seconds > maxDelaySeconds) return response;
      await response.body?.cancel();
      await sleep(seconds * 1000);
    }
  };
}
