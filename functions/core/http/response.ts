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

/** The answer of an idempotent command: a replay says so in `Idempotent-Replayed: true`. */
export const idempotentReply = <T>(result: { response: T; replayed: boolean }): T | Reply =>
  result.replayed ? new Reply(result.response, { 'idempotent-replayed': 'true' }) : result.response;
