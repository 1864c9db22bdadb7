import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { routeByKey, type Group, type OperationName, type Route } from '../../routes';
import { Access } from '../auth/access';
import { authenticate } from '../auth/authenticate';
import { enforceRateLimit } from '../auth/rate-limit';
import { now } from '../clock';
import { validate } from '../validation/validate';
import type { SchemaId } from '../../../schemas';
import { ApiError, routeNotFound, serverError } from './errors';
import type { Operation, Request } from './operation';
import { parseJsonBody, parseParamsBody } from './parse-body';
import { retryableError } from './retryable';
import { errorResponse, htmlResponse, jsonResponse, Reply } from './response';

export type GroupHandler = (event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The Lambda entry of one endpoint group: find the route by the event's routeKey, then
 * authenticate → authorize → validate → run the operation → shape the response.
 */
export function createGroupHandler<G extends Group>(group: G, operations: Record<OperationName<G>, Operation>): GroupHandler {
  const table = operations as Record<string, Operation>;
  return async (event) => {
    try {
      const route = routeByKey(event.routeKey);
      if (!route || route.group !== group) throw routeNotFound();
      const operation = table[route.operation];
      if (!operation) throw new Error(`operation ${route.operation} missing from group ${group}`);
      const request = await buildRequest(route, event);
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

async function buildRequest(route: Route, event: APIGatewayProxyEventV2): Promise<Request> {
  const headers = lowerCaseHeaders(event.headers);
  let auth: Request['auth'];
  if (route.authentication === 'apiKey') {
    const at = now();
    // API Gateway's own view of the peer: X-Forwarded-For is the client's to forge.
    const principal = await authenticate(headers, event.requestContext?.http?.sourceIp, at);
    await enforceRateLimit(principal, at);
    auth = { principal, access: Access.forRoute(principal, route.permission!) };
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
  schema: SchemaId,
  event: APIGatewayProxyEventV2,
  headers: Record<string, string | undefined>,
  query: Record<string, unknown>,
): unknown {
  if (route.params === 'legacy') {
    const params = { ...query, ...parseParamsBody(event, headers) };
    validate(schema, params, 'params');
    return params;
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
