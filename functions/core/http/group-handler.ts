import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { Access, type Authorization } from '../auth/access';
import { authenticate } from '../auth/authenticate';
import { enforceRateLimit } from '../auth/rate-limit';
import { now } from '../clock';
import { validate } from '../validation/validate';
import { ApiError, routeNotFound, serverError } from './errors';
import type { Operation, Request } from './operation';
import { parseJsonBody, parseParamsBody } from './parse-body';
import { parseMultipartBody } from './multipart';
import { retryableError } from './retryable';
import { errorResponse, htmlResponse, jsonResponse, Reply } from './response';
import { routeKey, type Route } from './route';

export type GroupHandler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

/** One group's part of the platform, and what authorization decides with (passed in: core knows no group). */
export interface GroupHandlerOptions extends Authorization {
  /** The group's routes; a request for any other route is answered 404. */
  routes: readonly Route[];
  /** The group's operations by name. */
  operations: Readonly<Record<string, Operation>>;
}

/**
 * The Lambda entry of one endpoint group: find the route by the event's routeKey, then
 * authenticate → authorize → validate → run the operation → shape the response.
 */
export function createGroupHandler({ routes, operations, ...authorization }: GroupHandlerOptions): GroupHandler {
  const byKey: ReadonlyMap<string, Route> = new Map(routes.map((route) => [routeKey(route), route]));
  return async (event) => {
    try {
      const route = byKey.get(event.routeKey);
      if (!route) throw routeNotFound();
      const operation = operations[route.operation];
      if (!operation) throw new Error(`operation ${route.operation} missing from group ${route.group}`);
      const request = await buildRequest(route, event, authorization);
      const result = await operation(request as Request<never, never>);
      const headers: Record<string, string> = route.cacheControl ? { 'cache-control': route.cacheControl } : {};
      if (route.contentType === 'text/html') return htmlResponse(String(result), headers);
      if (result instanceof Reply) return jsonResponse(200, result.body, { ...headers, ...result.headers });
      return jsonResponse(200, result ?? {}, headers);
    } catch (caught) {
      const error = retryableError(caught) ?? caught;
      if (error instanceof ApiError) return errorResponse(error);
      logError(event, error);
      return errorResponse(serverError());
    }
  };
}

async function buildRequest(route: Route, event: APIGatewayProxyEventV2, authorization: Authorization): Promise<Request> {
  const headers = lowerCaseHeaders(event.headers);
  let auth: Request['auth'];
  if (route.authentication === 'apiKey') {
    const at = now();
    // API Gateway's own view of the peer: X-Forwarded-For is the client's to forge.
    const principal = await authenticate(headers, event.requestContext?.http?.sourceIp, at, authorization.accounts);
    await enforceRateLimit(principal, at);
    auth = { principal, access: Access.forRoute(principal, route.permission!, authorization) };
  }
  const query: Record<string, unknown> = { ...(event.queryStringParameters ?? {}) };
  const body = route.body ? readBody(route, route.body, event, headers, query) : undefined;
  if (route.query) validate(route.query, query, 'query');
  return {
    route,
    params: decodeParams(event.pathParameters),
    body,
    query,
    headers,
    auth,
    now: now(),
    requestId: event.requestContext?.requestId ?? '',
  };
}

/** The validated body; a legacy route's body is its query string and body merged, the body winning. */
function readBody(
  route: Route,
  schema: string,
  event: APIGatewayProxyEventV2,
  headers: Record<string, string | undefined>,
  query: Record<string, unknown>,
): unknown {
  if (route.params === 'legacy') {
    const params = { ...query, ...parseParamsBody(event, headers) };
    validate(schema, params, 'params');
    return params;
  }
  if (route.bodyEncoding === 'multipart') {
    const form = parseMultipartBody(event, headers);
    validate(schema, form, 'body');
    return form;
  }
  const body = parseJsonBody(event, headers);
  validate(schema, body, 'body');
  return body;
}

function lowerCaseHeaders(headers: APIGatewayProxyEventV2['headers'] | undefined): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}

function decodeParams(params: APIGatewayProxyEventV2['pathParameters']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params ?? {})) if (value !== undefined) out[name] = value;
  return out;
}

function logError(event: APIGatewayProxyEventV2, error: unknown): void {
  console.error(
    JSON.stringify({
      level: 'ERROR',
      message: 'unhandled error',
      routeKey: event.routeKey,
      requestId: event.requestContext?.requestId,
      error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
    }),
  );
}
