import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ApiError, badRequest } from './errors';

export const MAX_BODY_BYTES = 256 * 1024;

const FORM = 'application/x-www-form-urlencoded';

/** Decodes a JSON request body; an absent body is `{}` so the schema can name missing fields. */
export function parseJsonBody(event: APIGatewayProxyEventV2, headers: Record<string, string | undefined>): unknown {
  const raw = rawBody(event);
  if (raw.trim() === '') return {};
  const contentType = contentTypeOf(headers);
  if (!isJson(contentType)) {
    throw new ApiError(415, 'content-type must be application/json');
  }
  return parseJson(raw);
}

/**
 * Decodes the body of a legacy route: form-encoded (what legacy clients send) or JSON, always an
 * object of parameters. A form field given twice keeps its last value.
 */
export function parseParamsBody(event: APIGatewayProxyEventV2, headers: Record<string, string | undefined>): Record<string, unknown> {
  const raw = rawBody(event);
  if (raw.trim() === '') return {};
  const contentType = contentTypeOf(headers);
  if (contentType === FORM) {
    const params = Object.fromEntries(new URLSearchParams(raw));
    assertWellFormed(params, 0);
    return params;
  }
  if (!isJson(contentType)) {
    throw new ApiError(415, `content-type must be ${FORM} or application/json`);
  }
  const body = parseJson(raw);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('body must be an object');
  return body as Record<string, unknown>;
}

function rawBody(event: APIGatewayProxyEventV2): string {
  const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  if (Buffer.byteLength(raw, 'utf8') > MAX_BODY_BYTES) {
    throw new ApiError(413, `body must be at most ${MAX_BODY_BYTES} bytes`);
  }
  return raw;
}

const contentTypeOf = (headers: Record<string, string | undefined>) => (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
const isJson = (contentType: string) => contentType === 'application/json' || contentType.endsWith('+json');

function parseJson(raw: string): unknown {
  let body: unknown;
  try {
    body = JSON.parse(raw) as unknown;
  } catch {
    throw badRequest('body is not valid JSON');
  }
  assertWellFormed(body, 0);
  return body;
}

/** Deeper than any request schema goes; deeper bodies are refused before they cost anything. */
export const MAX_BODY_DEPTH = 16;
// Lone surrogates (not well-formed UTF-16) and C0 controls other than tab, newline and return.
const INVALID_TEXT = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

function assertWellFormed(value: unknown, depth: number): void {
  if (depth > MAX_BODY_DEPTH) throw badRequest(`body is nested deeper than ${MAX_BODY_DEPTH} levels`);
  if (typeof value === 'string') {
    if (INVALID_TEXT.test(value)) throw badRequest('body contains a string with invalid characters');
  } else if (Array.isArray(value)) {
    for (const item of value) assertWellFormed(item, depth + 1);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (INVALID_TEXT.test(key)) throw badRequest('body contains a key with invalid characters');
      assertWellFormed(item, depth + 1);
    }
  }
}
