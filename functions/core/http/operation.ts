import type { Route } from './route';
import type { Access } from '../auth/access';
import type { Principal } from '../auth/principal';

/** What an operation sees of a request: parsed, authenticated, validated. Never an API Gateway event. */
export interface Request<TBody = unknown, TQuery = unknown> {
  route: Route;
  params: Record<string, string>;
  body: TBody;
  query: TQuery;
  headers: Record<string, string | undefined>;
  auth?: { principal: Principal; access: Access };
  /** The request's time, taken once by the pipeline's clock step. */
  now: Date;
  requestId: string;
  /**
   * The optional `Idempotency-Key` header, checked by the pipeline, on routes that take one (route `idempotency:
   * 'header'`).
   */
  idempotencyKey?: string;
}

export interface AuthedRequest<TBody = unknown, TQuery = unknown> extends Request<TBody, TQuery> {
  auth: { principal: Principal; access: Access };
}

export type Operation = (request: Request<never, never>) => Promise<unknown>;

/** An operation behind an `apiKey` route: the handler has authenticated the caller. */
export function authedOperation<TBody = unknown, TQuery = unknown>(
  run: (request: AuthedRequest<TBody, TQuery>) => Promise<unknown>,
): Operation {
  return (request) => {
    if (!request.auth) throw new Error(`${request.route.operation} needs an authenticated route`);
    return run(request as unknown as AuthedRequest<TBody, TQuery>);
  };
}

/** An operation behind a route without authentication. */
export function publicOperation<TBody = unknown, TQuery = unknown>(
  run: (request: Request<TBody, TQuery>) => Promise<unknown>,
): Operation {
  return (request) => run(request as unknown as Request<TBody, TQuery>);
}
