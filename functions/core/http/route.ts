type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Label = 'deprecated' | 'experimental';

/**
 * One route entry as an endpoint group declares it (functions/<group>/routes.ts). Core reads the
 * names of permissions and schemas as strings; the assembled route table (functions/routes.ts)
 * types them against every group's permissions and schemas.
 */
export interface RouteSpec<Permission extends string = string, SchemaId extends string = string> {
  method: HttpMethod;
  /** API Gateway path template, `{name}` for path parameters. */
  path: string;
  /** Operation module name inside functions/<group>/. */
  operation: string;
  /** The OpenAPI operationId where another route serves the same operation (an alias path); else `operation`. */
  operationId?: string;
  /** Permission from the roles matrix; null only for routes without authentication. */
  permission: Permission | null;
  authentication: 'apiKey' | 'none';
  /**
   * Permissions the operation's effect needs besides the route's, checked by the operation on the
   * account whose resource the effect uses (paying spends an asset: `assets:spend` on its account).
   */
  alsoNeeds?: readonly Permission[];
  body?: SchemaId;
  query?: SchemaId;
  /**
   * `legacy`: the `body` schema is validated over the query string, a form-encoded body and a JSON
   * body merged into one object (body wins), with numeric strings coerced, as legacy clients send
   * their parameters any of those ways.
   */
  params?: 'legacy';
  /**
   * `multipart`: the body is multipart/form-data; text fields and files (core/http/multipart.ts)
   * are validated against the `body` schema.
   */
  bodyEncoding?: 'multipart';
  /**
   * `header`: the money command takes an optional `Idempotency-Key` header (checked by the pipeline's idempotency
   * step).
   */
  idempotency?: 'header';
  response?: SchemaId;
  /**
   * What a path parameter that cannot be an id of its kind (core/ids.ts PATH_PARAMETERS) answers,
   * before anything is read: by default what a missing resource answers, 403 FORBIDDEN; `badRequest`,
   * 400 naming the parameter; `notFound`, 404 as for a public file that is not there; or the documented
   * code a missing or malformed one answers. Pages (`contentType: 'text/html'`) answer their own not-found
   * page: their operations look nothing up for such an id.
   */
  impossibleId?: 'badRequest' | 'notFound' | { status: 400 | 403; code: string };
  labels?: readonly Label[];
  /** Responses are JSON unless a route serves a page, or images or a script (its operation answers a FileReply). */
  contentType?: 'text/html' | 'image/*' | 'text/javascript';
  /** Responses are `no-store` unless the route says how long they may be cached. */
  cacheControl?: string;
  summary: string;
}

/** A route of the assembled table: an entry and the group that serves it. */
export interface Route<
  Group extends string = string,
  Permission extends string = string,
  SchemaId extends string = string,
> extends RouteSpec<Permission, SchemaId> {
  group: Group;
}

/** API Gateway's route key, which the gateway puts on every event. */
export const routeKey = (route: Pick<RouteSpec, 'method' | 'path'>) => `${route.method} ${route.path}`;
