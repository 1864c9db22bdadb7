import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { routeKey } from '../../functions/core/http/route';
import { GROUPS, ROUTES, type Group, type Route } from '../../functions/routes';
import type { GroupHandler } from '../../functions/core/http/group-handler';
import { fromSources, handlerOf, type FunctionModules } from './bundles';
import { PayloadTooLargeError, serverError } from '../../functions/core/errors/classes';
import { errorResponse } from '../../functions/core/http/response';
import type { Context } from 'aws-lambda';
import {
  attemptedWriteKeys,
  capacityScope,
  formatWrittenKeys,
  MEASURED_HEADER,
  newConsumedCapacity,
  WRITTEN_KEYS_HEADER,
  writtenKeys,
  type RecordedCall,
} from '../../functions/core/db/capacity';

/** The DynamoDB calls of recent measured requests by request id (RECORD_DYNAMODB_CALLS=1: the bench replays them). */
export const lastCalls = new Map<string, RecordedCall[]>();

/** What Lambda passes a handler besides the event, as much of it as the local gateway can say. */
function lambdaContext(group: Group, awsRequestId: string): Context {
  const functionName = `local-group-${group}`;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 10_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Requests larger than API Gateway's payload limit are refused before reaching a handler. */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

interface CompiledRoute {
  route: Route;
  pattern: RegExp;
  names: string[];
}

function compile(route: Route): CompiledRoute {
  const names: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const match = /^\{([^}]+)\}$/.exec(segment);
      if (!match) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(match[1]);
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names };
}

/** API Gateway prefers literal segments over parameters; so does this matcher. */
function specificity(route: Route): number {
  return route.path.split('/').filter((s) => !s.startsWith('{')).length;
}

const COMPILED = [...ROUTES].sort((a, b) => specificity(b) - specificity(a)).map(compile);

function matchRoute(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
  for (const candidate of COMPILED) {
    if (candidate.route.method !== method) continue;
    const match = candidate.pattern.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    for (const [i, name] of candidate.names.entries()) params[name] = safeDecode(match[i + 1]);
    return { route: candidate.route, params };
  }
  return undefined;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Loads each group's Lambda entry module on first use: the same code that runs in Lambda, from the
 * sources or from each group's own bundle (bin/local/bundles.ts).
 */
function handlerLoader(modules: FunctionModules): (group: Group) => GroupHandler {
  const cache = new Map<Group, GroupHandler>();
  return (group) => {
    let handler = cache.get(group);
    if (!handler) {
      handler = handlerOf<GroupHandler>(modules, `functions/lambda/${group}`);
      cache.set(group, handler);
    }
    return handler;
  };
}

/** Turns an HTTP request into an API Gateway HTTP API (v2) event. */
function toEvent(
  req: IncomingMessage,
  body: Buffer,
  matched: { route: Route; params: Record<string, string> } | undefined,
): APIGatewayProxyEventV2 {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  // Judged by the media type alone: a multipart boundary may contain any of these words.
  const textual = /json|text|x-www-form-urlencoded/.test((headers['content-type'] ?? 'application/json').split(';')[0]);
  const requestId = randomUUID();
  const key = matched ? routeKey(matched.route) : '$default';
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: matched && Object.keys(matched.params).length ? matched.params : undefined,
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !textual,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      requestId,
      routeKey: key,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
    },
  };
}

export interface Gateway {
  server: Server;
  url: string;
  stop(): Promise<void>;
}

export async function startGateway(options: {
  port: number;
  host?: string;
  modules?: FunctionModules;
}): Promise<Gateway> {
  const load = handlerLoader(options.modules ?? fromSources);
  for (const group of GROUPS) load(group);
  const server = createServer((req, res) => void serve(req, res, load));
  // Longer than clients' idle keep-alive, so the server never closes a socket a client is about to reuse.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    server,
    url: `http://${host}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function serve(req: IncomingMessage, res: ServerResponse, load: (group: Group) => GroupHandler): Promise<void> {
  try {
    const body = await readBody(req);
    if (body === undefined) {
      return send(
        res,
        errorResponse(new PayloadTooLargeError(`request body must be at most ${MAX_REQUEST_BYTES} bytes`)),
      );
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const matched = matchRoute(req.method ?? 'GET', url.pathname);
    const group: Group = matched ? matched.route.group : 'system';
    const event = toEvent(req, body, matched);
    const context = lambdaContext(group, event.requestContext.requestId);
    if (process.env.TRACK_CONSUMED_CAPACITY !== '1') return send(res, await load(group)(event, context));
    const consumed = newConsumedCapacity();
    const started = process.hrtime.bigint();
    const result = await capacityScope.run(consumed, () => load(group)(event, context));
    const handlerMs = Number(process.hrtime.bigint() - started) / 1e6;
    const measured: Record<string, string> = {
      'x-consumed-capacity': `read=${consumed.read}`,
      [WRITTEN_KEYS_HEADER]: formatWrittenKeys(writtenKeys(consumed.calls)),
      [MEASURED_HEADER]: JSON.stringify({
        handlerMs,
        serialRoundTrips: consumed.serialRoundTrips,
        calls: consumed.calls.length,
        attemptedWrites: attemptedWriteKeys(consumed.calls),
      }),
    };
    if (process.env.RECORD_DYNAMODB_CALLS === '1') {
      lastCalls.set(event.requestContext.requestId, consumed.calls);
      if (lastCalls.size > 64) lastCalls.delete(lastCalls.keys().next().value!);
      measured['x-request-id'] = event.requestContext.requestId;
    }
    send(res, { ...result, headers: { ...result.headers, ...measured } });
  } catch (error) {
    console.error('gateway error', error);
    send(res, errorResponse(serverError()));
  }
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  if (res.headersSent) return;
  const body = result.body
    ? result.isBase64Encoded
      ? Buffer.from(result.body, 'base64')
      : Buffer.from(result.body)
    : Buffer.alloc(0);
  res.writeHead(result.statusCode ?? 200, {
    ...(result.headers as Record<string, string>),
    'content-length': String(body.length),
  });
  res.end(body);
}
