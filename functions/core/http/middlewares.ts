/**
 * The steps of the HTTP pipeline as middy middlewares (group-handler.ts assembles them per route).
 * What a step learns for the operation goes on `context.platform` (the pipeline's per-request state).
 */
import type { MiddlewareObj } from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpUrlencodeBodyParser from '@middy/http-urlencode-body-parser';
import validator from '@middy/validator';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { Access, type Authorization } from '../auth/access';
import { authenticate } from '../auth/authenticate';
import { admitInInstance, enforceRateLimit } from '../auth/rate-limit';
import { accountNow, now } from '../clock';
import { impossiblePathParameter } from '../ids';
import { ungated, type WriteGate } from '../db/write-gate';
import { logger, METRIC, countMetric } from '../observability';
import { describe, type Location, type Validators, validationError } from '../validation/validate';
import {
  ApiError,
  badRequest,
  forbidden,
  PayloadTooLargeError,
  routeNotFound,
  serverError,
  UnsupportedMediaTypeError,
} from '../errors/classes';
import type { Request } from './operation';
import { MAX_BODY_BYTES, assertWellFormed } from './parse-body';
import { parseMultipartBody } from './multipart';
import { retryableError } from './retryable';
import { errorResponse } from './response';
import type { Route } from './route';

/** What the pipeline's steps hand on to the operation, one per request. */
interface PipelineState {
  route?: Route;
  /** Real time at arrival: what rate limits and the verified-key cache count with (core/clock.ts `now`). */
  receivedAt: Date;
  /** The request's time for the operation, taken once by the clock step (after authentication). */
  now: Date;
  auth?: Request['auth'];
  query: Record<string, unknown>;
  body?: unknown;
  /** Set by the idempotency step on routes that take an optional `Idempotency-Key` header. */
  idempotencyKey?: string;
  gate: WriteGate;
  startedAt?: number;
  coldStart?: boolean;
}

export type PipelineContext = Context & { platform: PipelineState };
type Middleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, PipelineContext>;

/** The pipeline's first step: the route, the arrival time and the query string. */
export const arrivalStep = (route: Route | undefined): Middleware => ({
  before: (request) => {
    const receivedAt = now();
    Object.assign(request.context.platform, {
      route,
      receivedAt,
      now: receivedAt,
      query: { ...(request.event.queryStringParameters ?? {}) },
    });
  },
});

/**
 * The request's `now` for the operation, taken once, here, after authentication (so it may depend
 * on the caller's account): the single place a test clock hooks (core/clock.ts).
 */
export const clockStep = (): Middleware => ({
  before: async (request) => {
    const state = request.context.platform;
    // The caller's clock (a test account's test clock); `receivedAt`, real time, stays with
    // authentication and rate limiting.
    state.now = await accountNow(state.auth?.principal.account);
  },
});

/**
 * API-key authentication (verified keys cached in the instance, see auth/authenticate.ts), then the
 * route's permission. The source address is API Gateway's own view of the peer: X-Forwarded-For is
 * the client's to forge.
 */
export const authenticationStep = (route: Route, authorization: Authorization): Middleware => ({
  before: async (request) => {
    const state = request.context.platform;
    const principal = await authenticate(
      request.event.headers ?? {},
      request.event.requestContext?.http?.sourceIp,
      state.receivedAt,
      authorization.accounts,
    );
    state.auth = { principal, access: Access.forRoute(principal, route.permission!, authorization) };
  },
});

/**
 * Per-account rate limit (auth/rate-limit.ts): every request counts in this instance's window (no
 * DynamoDB call); a write also counts in the account's shared DynamoDB window (a busy account's writes
 * mostly spend admissions the instance leased there, with no call), off the serial path: a counter
 * write runs alongside the operation, whose first DynamoDB write (and the answer) waits for it, so a
 * refused request writes nothing.
 */
export const rateLimitStep = (route: Route): Middleware => ({
  before: (request) => {
    const state = request.context.platform;
    const principal = state.auth!.principal;
    admitInInstance(principal, state.receivedAt);
    if (route.method === 'GET') return;
    const admitted = ungated(() => enforceRateLimit(principal, state.receivedAt));
    admitted.catch(() => undefined); // settled (and reported) by the response steps
    state.gate.admitted = admitted;
  },
});

const FORM = /^application\/x-www-form-urlencoded(;.*)?$/;
const JSON_TYPE = /^application\/(.+\+)?json($|;.+)/;

/**
 * Size limit, then decoding: an absent body is `{}` so the schema can name missing fields. JSON
 * routes take JSON only; legacy routes take a form-encoded or a JSON body, merged over the query
 * string. The parsers are middy's; what they refuse is answered in our words (`bodyErrors`).
 */
export function bodySteps(route: Route): Middleware[] {
  if (route.bodyEncoding === 'multipart') {
    // multipart/form-data (core/http/multipart.ts): text fields and files, validated like a body.
    return [
      {
        before: (request) => {
          request.context.platform.body = parseMultipartBody(request.event, request.event.headers ?? {});
        },
      },
    ];
  }
  const legacy = route.params === 'legacy';
  const raw: Middleware = {
    before: (request) => {
      const { event } = request;
      const text = event.body
        ? event.isBase64Encoded
          ? Buffer.from(event.body, 'base64').toString('utf8')
          : event.body
        : '';
      if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES)
        throw new PayloadTooLargeError(`body must be at most ${MAX_BODY_BYTES} bytes`);
      event.headers ??= {};
      const headers = event.headers;
      // Media types are case-insensitive; middy's parsers match lower case.
      if (headers['content-type']) headers['content-type'] = headers['content-type'].toLowerCase();
      if (text.trim() === '') {
        request.context.platform.body = {};
        return;
      }
      event.body = text;
      event.isBase64Encoded = false;
      const contentType = headers['content-type'] ?? '';
      if (!JSON_TYPE.test(contentType) && !(legacy && FORM.test(contentType))) {
        throw new UnsupportedMediaTypeError(
          legacy
            ? 'content-type must be application/x-www-form-urlencoded or application/json'
            : 'content-type must be application/json',
        );
      }
    },
  };
  const onlyWithBody = (parser: Middleware): Middleware => ({
    before: (request) => (request.context.platform.body === undefined ? parser.before!(request) : undefined),
  });
  const decoded: Middleware = {
    before: (request) => {
      const state = request.context.platform;
      if (state.body === undefined) {
        let body: unknown = request.event.body;
        // A form field given twice keeps its last value.
        if (legacy && FORM.test(request.event.headers?.['content-type'] ?? ''))
          body = lastValues(body as Record<string, unknown>);
        if (legacy && (!body || typeof body !== 'object' || Array.isArray(body)))
          throw badRequest('body must be an object');
        assertWellFormed(body, 0);
        state.body = body;
      }
      if (legacy) state.body = { ...state.query, ...(state.body as Record<string, unknown>) };
    },
  };
  const parsers = [onlyWithBody(httpJsonBodyParser({ disableContentTypeError: true }) as unknown as Middleware)];
  if (legacy)
    parsers.push(onlyWithBody(httpUrlencodeBodyParser({ disableContentTypeError: true }) as unknown as Middleware));
  return [raw, ...parsers, decoded];
}

const lastValues = (form: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(form).map(([name, value]) => [name, Array.isArray(value) ? value[value.length - 1] : value]),
  );

/**
 * @middy/validator with the group's precompiled validators: the route's body (or a legacy route's
 * merged parameters) and query, in that order. Query and legacy validators coerce in place.
 */
export function validationStep(route: Route, validators: Validators): Middleware | undefined {
  const parts: { schema: string; location: Location; of: (state: PipelineState) => unknown }[] = [];
  if (route.body)
    parts.push({
      schema: route.body,
      location: route.params === 'legacy' ? 'params' : 'body',
      of: (state) => state.body,
    });
  if (route.query) parts.push({ schema: route.query, location: 'query', of: (state) => state.query });
  if (!parts.length) return undefined;
  for (const { schema } of parts)
    if (!validators[schema])
      throw new Error(`no validator generated for ${schema} (route ${route.method} ${route.path})`);
  // middy validates the event; ours validate the parts the pipeline decoded, carried on the event's context.
  const eventSchema = Object.assign(
    (event: { state: PipelineState }) => {
      for (const part of parts) {
        const error = validationError(validators[part.schema], part.of(event.state), part.location);
        if (error) {
          eventSchema.errors = [{ ...error, location: part.location }];
          return false;
        }
      }
      eventSchema.errors = null;
      return true;
    },
    { errors: null as unknown },
  );
  const validate = validator({ eventSchema: eventSchema as never }) as unknown as Middleware;
  return {
    before: (request) => validate.before!({ ...request, event: { state: request.context.platform } } as never),
  };
}

/**
 * Every path parameter against its id kind (core/ids.ts), after the body and query (a missing
 * resource with a bad body answers the body's 400 too) and before the operation reads anything: an
 * id that cannot exist answers as the route says (`impossibleId`), by default like a missing one.
 */
export const pathStep = (route: Route): Middleware => ({
  before: (request) => {
    const name = impossiblePathParameter(request.event.pathParameters ?? {});
    if (name === undefined) return;
    const answer = route.impossibleId;
    if (answer === undefined) throw forbidden();
    if (answer === 'notFound') throw routeNotFound();
    throw answer === 'badRequest'
      ? badRequest(`${name} has an invalid format`)
      : new ApiError(answer.status, answer.code);
  },
});

/** Longest `Idempotency-Key` header accepted. */
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * Routes whose money command takes an optional `Idempotency-Key` header (void, release): the key is
 * checked here and handed to the operation, whose idempotency engine stores the answer in the
 * effect's own transaction (core/idempotency.ts). A replay is answered `Idempotent-Replayed: true`.
 */
export const idempotencyStep = (): Middleware => ({
  before: (request) => {
    const key = request.event.headers?.['idempotency-key'];
    if (key === undefined) return;
    if (!key || key.length > MAX_IDEMPOTENCY_KEY_LENGTH)
      throw badRequest(`Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
    request.context.platform.idempotencyKey = key;
  },
});

/**
 * The answer waits for the request's admission: a write refused by the shared rate limit answers
 * 429 even when the operation wrote nothing.
 */
export const admissionStep = (): Middleware => ({
  after: async (request) => {
    await request.context.platform?.gate.admitted;
  },
});

/**
 * Every failure answers `{statusCode, error, message}`: our ApiErrors as they are (with their
 * headers, e.g. Retry-After); DynamoDB's retryable failures as 409/503 (retryable.ts); what middy's
 * parsers and validator refuse in our words; anything else 500, logged.
 */
export const errorStep = (): Middleware => ({
  onError: async (request) => {
    const refused = await request.context.platform?.gate.admitted?.then(
      () => undefined,
      (error: unknown) => error,
    );
    const error = refused instanceof ApiError ? refused : apiErrorOf(request.error);
    if (!error) {
      countMetric(METRIC.serverErrors);
      logger.error('unhandled error', {
        route: request.event.routeKey,
        requestId: request.event.requestContext?.requestId,
        accountId: request.context.platform?.auth?.principal.accountId,
        error: request.error as Error,
      });
    }
    request.response = errorResponse(error ?? serverError());
  },
});

function apiErrorOf(caught: unknown): ApiError | undefined {
  const error = retryableError(caught) ?? caught;
  if (error instanceof ApiError) return error;
  const http = error as { statusCode?: number; cause?: { package?: string; data?: unknown } } | undefined;
  switch (http?.cause?.package) {
    case '@middy/validator': {
      const first = (http.cause.data as (Parameters<typeof describe>[0] & { location: Location })[] | undefined)?.[0];
      return badRequest(describe(first, first?.location ?? 'body'));
    }
    case '@middy/http-json-body-parser':
    case '@middy/http-urlencode-body-parser':
      return badRequest('body is not valid JSON');
  }
  return undefined;
}

/** No route of this group has the event's route key. */
export const notFoundStep = (): Middleware => ({
  before: () => {
    throw routeNotFound();
  },
});
