import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ApiError, badRequest } from './errors';

export const MAX_BODY_BYTES = 256 * 1024;

/** Decodes a JSON request body; an absent body is `{}` so the schema can name missing fields. */
export function parseJsonBody(event: APIGatewayProxyEventV2, headers: Record<string, string | undefined>): unknown {
  const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  if (Buffer.byteLength(raw, 'utf8') > MAX_BODY_BYTES) {
    throw new ApiError(413, `body must be at most ${MAX_BODY_BYTES} bytes`);
  }
  if (raw.trim() === '') return {};
  const contentType = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (contentType !== 'application/json' && !contentType.endsWith('+json')) {
    throw new ApiError(415, 'content-type must be application/json');
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw badRequest('body is not valid JSON');
  }
}
