/**
 * Typed API errors. Every error leaves the platform as
 * `{statusCode, error, message}`; business rules put their documented CODE in `message`.
 */
const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function reasonPhrase(statusCode: number): string {
  return REASON_PHRASES[statusCode] ?? 'Error';
}

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  [extra: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toBody(): ErrorBody {
    return { statusCode: this.statusCode, error: reasonPhrase(this.statusCode), message: this.message, ...this.extra };
  }
}

/** 400: malformed request; the message names the field. */
export const badRequest = (message: string) => new ApiError(400, message);

/** 401: API key missing or not valid. */
export const unauthorized = (message = 'Missing authentication') => new ApiError(401, message);

/** 403 with a documented business-rule CODE. */
export const businessRule = (code: string, extra?: Record<string, unknown>) => new ApiError(403, code, extra);

/**
 * 403 FORBIDDEN: a missing resource, another account's resource and a denied permission
 * answer identically so that existence never leaks across accounts.
 */
export const forbidden = () => new ApiError(403, 'FORBIDDEN');

/** 404: no such route or method. */
export const routeNotFound = () => new ApiError(404, 'Not Found');

export const tooManyRequests = (retryAfterSeconds: number) =>
  new ApiError(429, 'RATE_LIMIT_EXCEEDED', {}, { 'retry-after': String(retryAfterSeconds) });

export const serverError = () => new ApiError(500, 'SERVER_ERROR');

/** 503: a dependency is not ready yet; the same request may succeed later (callers retry). */
export const serviceUnavailable = (code: string) => new ApiError(503, code);
