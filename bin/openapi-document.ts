import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_HEADER_KEY_LENGTH } from '../functions/core/idempotency';
import { pathParameterKind } from '../functions/core/ids';
import { flagsOf } from '../functions/permissions';
import { ROUTES, type Route } from '../functions/routes';
import { SCHEMAS, type SchemaId } from '../functions/schemas';
import { idOf } from '../schemas/common';
import { routeCodes } from './openapi-error-codes';

type JsonObject = Record<string, unknown>;

/** What each status means besides its codes; codes are listed per route (./openapi-error-codes.ts). */
const STATUS_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'Malformed request: `message` names the field, or is one of the codes listed',
  401: 'API key or user token missing or invalid',
  403: 'Missing resource, permission denied, or a business rule: `message` is the code',
  404: 'Nothing at this address',
  409: 'Concurrent writers kept conflicting: retry with the same idempotency key',
  413: 'Body larger than the route takes: `message` says the limit',
  415: 'Content type the route does not take: `message` says what it takes',
  429: 'Rate limit exceeded: retry after `Retry-After` seconds',
  500: 'Unexpected error (logged, never detailed)',
  503: 'A dependency is busy or not configured: the same request may succeed later',
};

/** Statuses whose `message` is always a catalogued code, so the response schema enumerates it. */
const CODED_STATUSES = new Set([403, 409, 429, 500, 503]);

/** A docs area: the page of our API docs that covers a group's routes. */
interface Area {
  name: string;
  page: string;
}
const AREA = {
  conventions: { name: 'Conventions', page: 'docs/api/conventions.md' },
  users: { name: 'Users, members and invitations', page: 'docs/api/users-and-members.md' },
  money: { name: 'Money', page: 'docs/api/money.md' },
  checkout: { name: 'Hosted checkout', page: 'docs/api/hosted-checkout.md' },
  tokens: { name: 'Tokens', page: 'docs/api/tokens.md' },
  assetTransfers: { name: 'Asset transfers', page: 'docs/api/asset-transfers.md' },
  fundsTransfers: { name: 'Funds transfers', page: 'docs/api/funds-transfers.md' },
  bank: { name: 'Bank accounts, approvals and connections', page: 'docs/api/bank-accounts-and-approvals.md' },
  businesses: { name: 'Businesses, events and batches', page: 'docs/api/businesses-events-batches.md' },
  integrations: { name: 'Integrations', page: 'docs/api/integrations.md' },
  programs: { name: 'Loyalty programs and asset programs', page: 'docs/api/loyalty-and-asset-programs.md' },
  media: { name: 'Media uploads', page: 'docs/api/media-uploads.md' },
  quotas: { name: 'Quotas', page: 'docs/api/quotas.md' },
  channels: { name: 'Sales channels, connections and payment links', page: 'docs/api/sales-channels-and-links.md' },
  scannedCodes: { name: 'Scanned codes', page: 'docs/api/scanned-codes.md' },
  settlements: { name: 'Settlements', page: 'docs/api/settlements.md' },
  webhooks: { name: 'Webhooks', page: 'docs/api/webhooks.md' },
} as const satisfies Record<string, Area>;

/** Each group's docs area: a new group does not compile until it is placed. */
const AREA_OF_GROUP: Readonly<Record<Route['group'], Area>> = {
  accounts: AREA.users,
  'api-reference': AREA.conventions,
  'asset-programs': AREA.programs,
  'asset-transfers': AREA.assetTransfers,
  'bank-account-approvals': AREA.bank,
  'bank-accounts': AREA.bank,
  batches: AREA.businesses,
  businesses: AREA.businesses,
  checkout: AREA.checkout,
  connections: AREA.channels,
  events: AREA.businesses,
  'funds-transfers': AREA.fundsTransfers,
  'integration-requests': AREA.integrations,
  invitations: AREA.users,
  'legacy-payment-requests': AREA.money,
  'loyalty-programs': AREA.programs,
  'managed-integrations': AREA.integrations,
  'media-uploads': AREA.media,
  'merchant-configs': AREA.money,
  merchants: AREA.money,
  'patron-codes': AREA.money,
  'payment-activities': AREA.money,
  'payment-links': AREA.channels,
  'payment-requests': AREA.money,
  promotions: AREA.programs,
  quotas: AREA.quotas,
  'sales-channels': AREA.channels,
  'scanned-codes': AREA.scannedCodes,
  settlements: AREA.settlements,
  system: AREA.conventions,
  tokens: AREA.tokens,
  'wallet-assets': AREA.tokens,
  wallets: AREA.tokens,
  webhooks: AREA.webhooks,
};

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
  for (const route of ROUTES) {
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = operationOf(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payments Platform API',
      version: '1.0.0',
      description: 'Every success is 200. Errors are `{statusCode, error, message}`.',
    },
    servers: [{ url: '/' }],
    security: CALLER,
    tags: GROUPS.map((group) => ({ name: group, description: tagDescription(group) })),
    // Redocly's grouping of tags, by the docs page that covers them.
    'x-tagGroups': [...new Set(Object.values(AREA))].map((area) => ({
      name: area.name,
      tags: GROUPS.filter((group) => AREA_OF_GROUP[group] === area),
    })),
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key', description: "An API key's secret" },
        userToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            "A signed-in user's access token; `x-account` names the org account they act in (else their own)",
        },
      },
      schemas: SCHEMAS,
    },
  };
}

/** Who may call an authenticated route: an API key, or a signed-in user (docs/api/conventions.md#authentication). */
const CALLER = [{ apiKey: [] }, { userToken: [] }];

const GROUPS = [...new Set(ROUTES.map((route) => route.group))];

function tagDescription(group: Route['group']): string {
  const area = AREA_OF_GROUP[group];
  return `The ${group} group's routes; documented in ${area.name} (${area.page}).`;
}

function operationOf(route: Route): JsonObject {
  const operation: JsonObject = {
    operationId: route.operationId ?? route.operation,
    summary: route.summary,
    tags: [route.group],
    parameters: [...pathParameters(route), ...queryParameters(route), ...headerParameters(route)],
    responses: { '200': { description: 'OK', content: successContent(route) }, ...errorResponses(route) },
  };
  operation.security = route.authentication === 'none' ? [] : CALLER;
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
  embedExample(route, operation);
  const labels = route.labels ?? [];
  if (labels.includes('deprecated')) operation.deprecated = true;
  if (labels.includes('experimental')) operation['x-experimental'] = true;
  return operation;
}

/** Where the conformance suite's recording run leaves one exchange per operation (test/support/response-check.ts). */
const EXAMPLES = join(__dirname, '..', 'openapi', 'examples');

/** An exchange the conformance suite round-tripped: the JSON body sent (if any) and the success answered. */
export interface RecordedExample {
  request: { method: string; path: string; body?: unknown };
  response: { status: number; body: unknown };
}

export function recordedExample(operationId: string): RecordedExample | undefined {
  const file = join(EXAMPLES, `${operationId}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RecordedExample) : undefined;
}

type Content = Record<string, JsonObject>;

/** The operation's recorded exchange as its request and success examples. */
function embedExample(route: Route, operation: JsonObject): void {
  const example = recordedExample(route.operationId ?? route.operation);
  if (!example) return;
  const success = (operation.responses as Record<string, { content: Content }>)['200'].content['application/json'];
  if (success) success.example = example.response.body;
  const request = (operation.requestBody as { content: Content } | undefined)?.content['application/json'];
  if (request && example.request.body !== undefined) request.example = example.request.body;
}

/**
 * Every error status the route can answer, each with the error body and the catalogued codes it may carry
 * (`x-error-codes`; the schema enumerates `message` where it is always a code). test/support/response-check.ts
 * fails any API test that meets a status or code its route's entry does not list.
 */
function errorResponses(route: Route): Record<string, JsonObject> {
  const statuses = new Map<number, string[]>([[400, []]]);
  if (route.authentication === 'apiKey') statuses.set(401, []);
  if (route.contentType === 'image/*' || route.impossibleId === 'notFound') statuses.set(404, []);
  if (route.body) {
    statuses.set(413, []);
    statuses.set(415, []);
  }
  for (const { status, code } of routeCodes(route)) statuses.set(status, [...(statuses.get(status) ?? []), code]);
  return Object.fromEntries(
    [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        {
          description: STATUS_DESCRIPTIONS[status],
          content: { 'application/json': { schema: errorSchema(status, codes) } },
          ...(codes.length ? { 'x-error-codes': codes } : {}),
        },
      ]),
  );
}

function errorSchema(status: number, codes: readonly string[]): JsonObject {
  if (!CODED_STATUSES.has(status)) return ref('Error');
  return { allOf: [ref('Error'), { type: 'object', properties: { message: { type: 'string', enum: codes } } }] };
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
