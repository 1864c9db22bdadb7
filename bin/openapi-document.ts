import { MAX_HEADER_KEY_LENGTH } from '../functions/core/idempotency';
import { pathParameterKind } from '../functions/core/ids';
import { flagsOf } from '../functions/permissions';
import { ROUTES, type Route } from '../functions/routes';
import { SCHEMAS, type SchemaId } from '../functions/schemas';
import { idOf } from '../schemas/common';

type JsonObject = Record<string, unknown>;

const ERROR_RESPONSES = {
  '400': 'Malformed request; `message` names the field',
  '401': 'API key missing or invalid',
  '403': 'Missing resource, permission denied, or a business rule (`message` is the CODE)',
  '429': 'Rate limit exceeded',
} as const;

const LEGACY_PARAMS =
  'Parameters may be sent in the query string, a form-encoded body or a JSON body; they are merged (the body ' +
  'wins) and ' +
  'validated together against the body schema, whose required fields are required across all of them. Numeric ' +
  'strings are accepted. ' +
  'Errors keep the legacy status codes (e.g. 400 REQUEST_NOT_FOUND; 404 REQUEST_PAID on cancel and void).';

const ref = (id: SchemaId) => ({ $ref: `#/components/schemas/${id}` });

/**
 * OpenAPI 3.1, derived from the route table and the schema map (JSON Schema 2020-12 compatible). Built at build
 * time (build-validators.ts writes it to functions/generated/openapi.js) because the system group that serves it
 * sits below the registry and may not read the assembled tables.
 */
export function buildOpenApiDocument(): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  // OpenAPI wants each operationId unique (generated clients name methods by it): a route serving an operation
  // at a second path, such as the docs page's alias of a route, is numbered.
  const served = new Map<string, number>();
  for (const route of ROUTES) {
    const n = (served.get(route.operation) ?? 0) + 1;
    served.set(route.operation, n);
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = operationOf(
      route,
      n === 1 ? route.operation : `${route.operation}${n}`,
    );
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payments Platform API',
      version: '1.0.0',
      description: 'Every success is 200. Errors are `{statusCode, error, message}`.',
    },
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      schemas: SCHEMAS,
    },
  };
}

function operationOf(route: Route, operationId: string): JsonObject {
  const operation: JsonObject = {
    operationId,
    summary: route.summary,
    tags: [route.group],
    parameters: [...pathParameters(route), ...queryParameters(route), ...headerParameters(route)],
    responses: {
      '200': {
        description: 'OK',
        content: successContent(route),
      },
      ...(route.contentType === 'image/*'
        ? {
            '404': {
              description: 'No public file at this address',
              content: { 'application/json': { schema: ref('Error') } },
            },
          }
        : {}),
      ...Object.fromEntries(
        Object.entries(ERROR_RESPONSES)
          .filter(([status]) => route.authentication === 'apiKey' || status === '400' || status === '429')
          .map(([status, description]) => [
            status,
            { description, content: { 'application/json': { schema: ref('Error') } } },
          ]),
      ),
    },
  };
  if (route.authentication === 'none') operation.security = [];
  if (route.permission) {
    operation['x-permission'] = route.permission;
    const flags = flagsOf(route.permission);
    if (flags.length) operation['x-permission-flags'] = flags;
  }
  if (route.alsoNeeds) operation['x-also-needs'] = route.alsoNeeds;
  if (route.body && route.params === 'legacy') {
    operation.description = LEGACY_PARAMS;
    operation.requestBody = {
      required: false,
      content: {
        'application/x-www-form-urlencoded': { schema: ref(route.body) },
        'application/json': { schema: ref(route.body) },
      },
    };
  } else if (route.body && route.bodyEncoding === 'multipart') {
    operation.requestBody = { required: true, content: { 'multipart/form-data': { schema: ref(route.body) } } };
  } else if (route.body) {
    operation.requestBody = { required: true, content: { 'application/json': { schema: ref(route.body) } } };
  }
  const labels = route.labels ?? [];
  if (labels.includes('deprecated')) operation.deprecated = true;
  if (labels.includes('experimental')) operation['x-experimental'] = true;
  return operation;
}

/** What a 200 carries: JSON of the route's schema, a page or a script, or an image's bytes. */
function successContent(route: Route): JsonObject {
  if (route.contentType === 'text/html' || route.contentType === 'text/javascript')
    return { [route.contentType]: { schema: { type: 'string' } } };
  if (route.contentType === 'image/*')
    return { 'image/*': { schema: { type: 'string', contentMediaType: 'image/*' } } };
  return { 'application/json': { schema: route.response ? ref(route.response) : { type: 'object' } } };
}

/**
 * Each path parameter with the schema of its id kind (core/ids.ts); bin/build-validators.ts refuses a parameter without
 * one.
 */
function pathParameters(route: Route): JsonObject[] {
  return [...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => {
    const kind = pathParameterKind(name);
    return { name, in: 'path', required: true, schema: kind ? idOf(kind) : { type: 'string' } };
  });
}

/** A money command whose body names no idempotency key takes one in a header (docs/api/money.md). */
function headerParameters(route: Route): JsonObject[] {
  if (route.idempotency !== 'header') return [];
  const schema = { type: 'string', minLength: 1, maxLength: MAX_HEADER_KEY_LENGTH };
  return [{ name: 'Idempotency-Key', in: 'header', required: false, schema }];
}

/** A legacy route's parameters may each come from the query string, so none is required there. */
function queryParameters(route: Route): JsonObject[] {
  const legacy = route.params === 'legacy';
  const id = legacy ? route.body : route.query;
  if (!id) return [];
  const schema = SCHEMAS[id] as { properties?: JsonObject; required?: readonly string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: !legacy && (schema.required?.includes(name) ?? false),
    schema: property,
  }));
}
