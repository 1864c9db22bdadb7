import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Authorization } from '../auth/access';
import { withWriteGate, type WriteGate } from '../db/write-gate';
import { lambdaContext, logger, metrics, metricsFlush, tracingSteps } from '../observability';
import type { Validators } from '../validation/validate';
import type { Operation, Request } from './operation';
import {
  admissionStep,
  authenticationStep,
  bodySteps,
  arrivalStep,
  clockStep,
  errorStep,
  idempotencyStep,
  notFoundStep,
  pathStep,
  rateLimitStep,
  validationStep,
  type PipelineContext,
} from './middlewares';
import { withPageReply } from './page';
import { FileReply, fileResponse, htmlResponse, jsonResponse, Reply } from './response';
import { routeKey, type Route } from './route';

export type GroupHandler = (
  event: APIGatewayProxyEventV2,
  context?: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** One group's part of the platform, and what authorization decides with (passed in: core knows no group). */
export interface GroupHandlerOptions extends Authorization {
  /** The group's routes; a request for any other route is answered 404. */
  routes: readonly Route[];
  /** The group's operations by name. */
  operations: Readonly<Record<string, Operation>>;
  /** Precompiled validators of the group's request schemas (functions/generated/<group>.js). */
  validators: Validators;
}

let coldStart = true;

/**
 * The Lambda entry of one endpoint group: one middy pipeline per route, built from its entry in the
 * route table, chosen by the event's routeKey:
 *
 *   telemetry (the logger's Lambda context, EMF metrics, X-Ray traces on AWS) → error handler → header normalizer →
 *   arrival → [authentication → rate limit] → clock (`now`, once) → [size, JSON / urlencoded parsers] →
 * [validator] → [path parameters against their id kinds] → [Idempotency-Key] → the operation → the response, once the
 * request is admitted.
 *
 * Steps in brackets are there only for routes that need them (`apiKey` routes; routes with a body,
 * a query schema, an optional Idempotency-Key header).
 */
export function createGroupHandler({
  routes,
  operations,
  validators,
  ...authorization
}: GroupHandlerOptions): GroupHandler {
  for (const route of routes)
    if (!operations[route.operation]) throw new Error(`operation ${route.operation} missing from group ${route.group}`);
  const pipelines = new Map(
    routes.map((route) => [routeKey(route), pipeline(route, operations[route.operation], validators, authorization)]),
  );
  const notFound = pipeline(undefined, undefined, validators, authorization);
  return (event, context) => {
    const gate: WriteGate = {};
    const run = pipelines.get(event.routeKey) ?? notFound;
    return withWriteGate(gate, () =>
      run(event, Object.assign(context ?? ({} as Context), { platform: { gate } }) as PipelineContext),
    );
  };
}

function pipeline(
  route: Route | undefined,
  operation: Operation | undefined,
  validators: Validators,
  authorization: Authorization,
) {
  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, PipelineContext>(
    async (event: APIGatewayProxyEventV2, context: PipelineContext) => {
      const state = context.platform;
      const request: Request = {
        route: route!,
        params: decodeParams(event.pathParameters),
        body: state.body,
        query: state.query,
        headers: event.headers ?? {},
        auth: state.auth,
        // Taken once by the clock step, after authentication (the caller's clock; core/clock.ts).
        now: state.now,
        requestId: event.requestContext?.requestId ?? '',
        idempotencyKey: state.idempotencyKey,
      };
      return respond(route!, await operation!(request as Request<never, never>));
    },
  );
  handler.use(tracingSteps());
  handler.use(lambdaContext()).use(metricsFlush()).use(requestLog());
  handler.use(errorStep()).use(admissionStep()).use(httpHeaderNormalizer()).use(arrivalStep(route));
  if (!route) return handler.use(notFoundStep());
  if (route.authentication === 'apiKey')
    handler.use(authenticationStep(route, authorization)).use(rateLimitStep(route));
  handler.use(clockStep());
  if (route.body) handler.use(bodySteps(route));
  const validation = validationStep(route, validators);
  if (validation) handler.use(validation);
  if (route.contentType !== 'text/html' && route.path.includes('{')) handler.use(pathStep(route));
  if (route.idempotency === 'header') handler.use(idempotencyStep());
  return handler;
}

/** The operation's result as the route answers it. */
function respond(route: Route, result: unknown): APIGatewayProxyStructuredResultV2 {
  const headers: Record<string, string> = route.cacheControl ? { 'cache-control': route.cacheControl } : {};
  if (route.contentType === 'text/html') return withPageReply(htmlResponse(String(result), headers));
  if (result instanceof FileReply) return fileResponse(result);
  if (result instanceof Reply) return jsonResponse(200, result.body, { ...headers, ...result.headers });
  return jsonResponse(200, result ?? {}, headers);
}

/** One log line per request: route, status, duration, account and cold start (never a key or a body). */
function requestLog() {
  const line = (request: {
    event: APIGatewayProxyEventV2;
    context: PipelineContext;
    response?: APIGatewayProxyStructuredResultV2;
  }) => {
    const state = request.context.platform;
    logger.info('request', {
      requestId: request.event.requestContext?.requestId,
      route: request.event.routeKey,
      accountId: state?.auth?.principal.accountId,
      statusCode: request.response?.statusCode,
      durationMs: state?.startedAt === undefined ? undefined : Date.now() - state.startedAt,
      coldStart: state?.coldStart || undefined,
    });
  };
  return {
    before: (request: { context: PipelineContext }) => {
      request.context.platform.startedAt = Date.now();
      if (coldStart) {
        coldStart = false;
        request.context.platform.coldStart = true;
        metrics.captureColdStartMetric();
      }
    },
    after: line,
    onError: line,
  };
}

function decodeParams(params: APIGatewayProxyEventV2['pathParameters']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params ?? {})) if (value !== undefined) out[name] = value;
  return out;
}
