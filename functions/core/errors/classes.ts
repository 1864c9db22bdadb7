import { ERRORS, type CodeOfStatus, type ErrorCode } from './catalogue';

/**
 * Typed API errors. Every error leaves the platform as `{statusCode, error, message}`; an error with
 * a code (functions/core/errors/catalogue.ts) puts it in `message` and takes its status from the
 * catalogue, so a code that is not catalogued does not compile. Callers tell errors apart by class
 * and `code`, never by comparing messages.
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

function reasonPhrase(statusCode: number): string {
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

/** An error answering a catalogued code, with the catalogue's status. */
export class CodedError extends ApiError {
  constructor(
    readonly code: ErrorCode,
    extra?: Record<string, unknown>,
    headers?: Record<string, string>,
  ) {
    super(ERRORS[code].status, code, extra, headers);
  }
}

/** The catalogued code `error` answers, if any. */
export function codeOf(error: unknown): ErrorCode | undefined {
  return error instanceof CodedError ? error.code : undefined;
}

/** Whether `error` answers `code`: the typed way to single out one code. */
export const hasCode = (error: unknown, code: ErrorCode): boolean => codeOf(error) === code;

/** 400: malformed request; the message names the field. */
class BadRequestError extends ApiError {
  constructor(message: string) {
    super(400, message);
  }
}

/** 400 with a catalogued code (a checksum, a sum, an integration's parameters). */
class InvalidRequestError extends CodedError {
  declare readonly code: CodeOfStatus<400>;
  constructor(code: CodeOfStatus<400>, extra?: Record<string, unknown>) {
    super(code, extra);
  }
}

/** 401: API key missing or not valid. */
class UnauthorizedError extends ApiError {
  constructor(message = 'Missing authentication') {
    super(401, message);
  }
}

/**
 * 403 FORBIDDEN: a missing resource, another account's resource and a denied permission answer
 * identically so that existence never leaks across accounts.
 */
export class ForbiddenError extends CodedError {
  declare readonly code: 'FORBIDDEN';
  constructor() {
    super('FORBIDDEN');
  }
}

/** 403 with a documented business-rule code. */
class BusinessRuleError extends CodedError {
  declare readonly code: BusinessRuleCode;
  constructor(code: BusinessRuleCode, extra?: Record<string, unknown>) {
    super(code, extra);
  }
}

/** The codes of business rules: every catalogued 403 but FORBIDDEN, which must look like a missing resource. */
export type BusinessRuleCode = Exclude<CodeOfStatus<403>, 'FORBIDDEN'>;

/** 404: no such route or method, or no public file at the address (a branding image). */
class NotFoundError extends ApiError {
  constructor() {
    super(404, 'Not Found');
  }
}

/** 409 TRANSACTION_CONFLICT: concurrent writers kept winning past our own retries; retry with the same key. */
export class ConflictError extends CodedError {
  declare readonly code: 'TRANSACTION_CONFLICT';
  constructor() {
    super('TRANSACTION_CONFLICT', {}, { 'retry-after': '1' });
  }
}

/** 413: the body is larger than the route takes; the message says the limit. */
export class PayloadTooLargeError extends ApiError {
  constructor(message: string) {
    super(413, message);
  }
}

/** 415: the route does not take the body's content-type; the message says what it takes. */
export class UnsupportedMediaTypeError extends ApiError {
  constructor(message: string) {
    super(415, message);
  }
}

/** 429 RATE_LIMIT_EXCEEDED with Retry-After. */
class TooManyRequestsError extends CodedError {
  declare readonly code: 'RATE_LIMIT_EXCEEDED';
  constructor(retryAfterSeconds: number) {
    super('RATE_LIMIT_EXCEEDED', {}, { 'retry-after': String(retryAfterSeconds) });
  }
}

/** 500 SERVER_ERROR: anything unexpected; the details are logged, never answered. */
class InternalServerError extends CodedError {
  declare readonly code: 'SERVER_ERROR';
  constructor() {
    super('SERVER_ERROR');
  }
}

/** 503: a dependency is busy or not ready yet; the same request may succeed later (callers retry). */
class ServiceUnavailableError extends CodedError {
  declare readonly code: CodeOfStatus<503>;
  constructor(code: CodeOfStatus<503>, headers?: Record<string, string>) {
    super(code, {}, headers);
  }
}

export const badRequest = (message: string) => new BadRequestError(message);

export const invalidRequest = (code: CodeOfStatus<400>, extra?: Record<string, unknown>) =>
  new InvalidRequestError(code, extra);

export const unauthorized = (message?: string) => new UnauthorizedError(message);

export const businessRule = (code: BusinessRuleCode, extra?: Record<string, unknown>) =>
  new BusinessRuleError(code, extra);

export const forbidden = () => new ForbiddenError();

export const routeNotFound = () => new NotFoundError();

export const tooManyRequests = (retryAfterSeconds: number) => new TooManyRequestsError(retryAfterSeconds);

export const serverError = () => new InternalServerError();

export const serviceUnavailable = (code: CodeOfStatus<503>, headers?: Record<string, string>) =>
  new ServiceUnavailableError(code, headers);
