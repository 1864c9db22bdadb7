import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ApiError } from '../errors/classes';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export function jsonResponse(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { ...JSON_HEADERS, ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

export function htmlResponse(html: string, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      ...headers,
    },
    body: html,
  };
}

export function errorResponse(error: ApiError): APIGatewayProxyStructuredResultV2 {
  return jsonResponse(error.statusCode, error.toBody(), error.headers);
}

/** An operation's result that carries headers of its own. */
export class Reply {
  constructor(
    readonly body: unknown,
    readonly headers: Record<string, string>,
  ) {}
}

/** An operation's result that is a file: its bytes and the headers that say what they are and who may keep them. */
export class FileReply {
  constructor(
    readonly data: Buffer,
    readonly headers: Record<string, string>,
  ) {}
}

/** A file's answer: its bytes base64-encoded, which API Gateway (and the local gateway) sends as they were. */
export const fileResponse = (reply: FileReply): APIGatewayProxyStructuredResultV2 => ({
  statusCode: 200,
  headers: reply.headers,
  body: reply.data.toString('base64'),
  isBase64Encoded: true,
});

/** The answer of an idempotent command: a replay says so in `Idempotent-Replayed: true`. */
export const idempotentReply = <T>(result: { response: T; replayed: boolean }): T | Reply =>
  result.replayed ? new Reply(result.response, { 'idempotent-replayed': 'true' }) : result.response;
