/**
 * Build step run before the tests, the local platform, the bench and `cdk synth` (see docs/architecture.md, Pins):
 *
 * - functions/generated/<group>.js (+ .d.ts), one per endpoint group: its name, standalone ajv validators of
 *   that group's own request schemas only (its routes' body and query schemas), shared definitions
 *   compiled once and reached by `$ref` instead of being inlined into every schema that uses them,
 *   and the rows of the permission matrix its routes need (each route's permission and `alsoNeeds`).
 *   A group's Lambda imports only its own module, so it carries nothing of the other groups.
 * - functions/generated/openapi.js: the OpenAPI document (./openapi-document.ts), gzipped: the system group
 *   serves it, so its Lambda reads neither the route table nor the schema map.
 * - functions/generated/api-reference-script.js.gz: Scalar's browser bundle, gzipped, which the api-reference group
 *   serves (no CDN); api-reference-script.js: its content hash and where it lies. The file ships beside the group's
 *   bundle (its infrastructure.ts `files`), read on the script's first request: a cold import never parses it.
 * - functions/core/validation/generated/all-validators.js: every schema, resources included, for the
 *   tests' response checks only (no Lambda imports it).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import { pathParameterKind } from '../functions/core/ids';
import { PERMISSIONS } from '../functions/permissions';
import { REGISTRY } from '../functions/registry';
import { SCHEMAS } from '../functions/schemas';
import { buildOpenApiDocument } from './openapi-document';
import { BODY_AJV_OPTIONS, isCoercedSchema, QUERY_AJV_OPTIONS } from '../functions/core/validation/ajv-options';

const ROOT = join(__dirname, '..');
const groupsDir = join(ROOT, 'functions', 'generated');
const testsDir = join(ROOT, 'functions', 'core', 'validation', 'generated');

type Schema = Record<string, unknown>;
const schemaOf = (id: string) => (SCHEMAS as Record<string, Schema>)[id];

/** The `$id` of a shared definition inside one generated module: a schema of its own, so ajv compiles it once. */
const DEF_PREFIX = 'shared-';

/**
 * The schemas with every sub-schema object that occurs more than once among them (the same object:
 * groups share fragments such as `monetary` or `metadata` by import) replaced by a `$ref` to one
 * definition, so ajv compiles it once per module instead of inlining it at each use.
 */
export function hoistShared(ids: readonly string[]): {
  schemas: Record<string, Schema>;
  definitions: Record<string, Schema>;
} {
  const seen = new Map<object, number>();
  const count = (value: unknown, isSchema: boolean) => {
    if (!value || typeof value !== 'object') return;
    if (isSchema && !Array.isArray(value)) {
      seen.set(value, (seen.get(value) ?? 0) + 1);
      if ((seen.get(value) ?? 0) > 1) return;
    }
    walkChildren(value as Schema, (child, childIsSchema) => count(child, childIsSchema));
  };
  for (const id of ids) walkChildren(schemaOf(id), (child, isSchema) => count(child, isSchema));
  const shared = new Map<object, string>();
  for (const [value, n] of seen)
    if (n > 1 && Object.keys(value).length > 1) shared.set(value, `${DEF_PREFIX}${shared.size}`);

  const rewrite = (value: unknown, isSchema: boolean): unknown => {
    if (!value || typeof value !== 'object') return value;
    if (isSchema && shared.has(value)) return { $ref: shared.get(value) };
    return mapChildren(value as Schema, rewrite);
  };
  const definitions: Record<string, Schema> = {};
  for (const [value, name] of shared) definitions[name] = mapChildren(value as Schema, rewrite) as Schema;
  const schemas = Object.fromEntries(ids.map((id) => [id, mapChildren(schemaOf(id), rewrite) as Schema]));
  return { schemas, definitions };
}

/** Keywords whose value is a schema, a list of schemas, or a map of schemas. */
const ONE = new Set([
  'items',
  'additionalProperties',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'additionalItems',
]);
const LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const MAP = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);

function walkChildren(schema: Schema, visit: (child: unknown, isSchema: boolean) => void): void {
  mapChildren(schema, (child, isSchema) => {
    visit(child, isSchema);
    return child;
  });
}

function mapChildren(schema: Schema, map: (child: unknown, isSchema: boolean) => unknown): Schema | unknown[] {
  if (Array.isArray(schema)) return schema;
  const out: Schema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (ONE.has(keyword) && value && typeof value === 'object' && !Array.isArray(value))
      out[keyword] = map(value, true);
    else if (LIST.has(keyword) && Array.isArray(value)) out[keyword] = value.map((item) => map(item, true));
    else if (MAP.has(keyword) && value && typeof value === 'object')
      out[keyword] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, map(v, true)]));
    else out[keyword] = value;
  }
  return out;
}

/** One standalone module: each id's validator, shared definitions compiled once and reached by `$ref`. */
function standalone(ids: readonly string[], options: Options): string {
  if (!ids.length) return '"use strict";\n';
  const { schemas, definitions } = hoistShared(ids);
  // inlineRefs: false keeps a referenced definition one function instead of copying it into each user.
  const ajv = new Ajv({ ...options, inlineRefs: false });
  addFormats(ajv);
  for (const [id, definition] of Object.entries(definitions)) ajv.addSchema({ $id: id, ...definition });
  for (const id of ids) ajv.addSchema({ $id: id, ...schemas[id] });
  return withoutSchemaPaths(standaloneCode(ajv, Object.fromEntries(ids.map((id) => [id, id]))));
}

/**
 * Each error ajv's code can raise names the schema location it failed at (`schemaPath`), a string
 * per check, some 12% of the code. The API words errors from their instance path, keyword and params
 * (core/validation/validate.ts), so the locations are left empty.
 */
export const withoutSchemaPaths = (code: string) => code.replace(/schemaPath:"[^"]*"/g, 'schemaPath:""');

/** Both kinds of a set of schemas (bodies as sent; query and legacy parameters coerced) in one module. */
function validatorsModule(ids: readonly string[]): string {
  const coerced = ids.filter(isCoercedSchema);
  const exact = ids.filter((id) => !isCoercedSchema(id));
  const part = (code: string) =>
    `(function(){const exports={},module={exports};${code}\n` +
    'return module.exports===exports?exports:module.exports;})()';
  return [
    '"use strict";',
    `const exact=${part(standalone(exact, BODY_AJV_OPTIONS))};`,
    `const coerced=${part(standalone(coerced, QUERY_AJV_OPTIONS))};`,
    'exports.validators=Object.assign({},exact,coerced);',
  ].join('\n');
}

const declarations = (group: string) => `import type { ValidateFunction } from 'ajv';
import type { PermissionMatrix } from '../core/auth/permissions';
/** The group this build is of: its handler names the group, and the name must match. */
export declare const group: ${JSON.stringify(group)};
/** Validators of the group's request schemas, by schema id. */
export declare const validators: Readonly<Record<string, ValidateFunction>>;
/** The rows of the permission matrix the group's routes name. */
export declare const permissions: PermissionMatrix;
`;

/**
 * Every path parameter of the route table must have an id kind (core/ids.ts PATH_PARAMETERS): the pipeline checks it
 * before any read.
 */
function assertPathParameterKinds(): void {
  const unknown = REGISTRY.flatMap((group) =>
    group.routes.flatMap((route: { path: string }) => [...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => name)),
  ).filter((name) => !pathParameterKind(name));
  if (unknown.length)
    throw new Error(
      `path parameters without an id kind (functions/core/ids.ts PATH_PARAMETERS): ${[...new Set(unknown)].join(', ')}`,
    );
}

export function buildValidators(): string {
  assertPathParameterKinds();
  mkdirSync(groupsDir, { recursive: true });
  mkdirSync(testsDir, { recursive: true });
  const lines: string[] = [];
  for (const group of REGISTRY) {
    const routes: readonly {
      body?: string;
      query?: string;
      permission: string | null;
      alsoNeeds?: readonly string[];
    }[] = group.routes;
    const requestIds = [...new Set(routes.flatMap((r) => [r.body, r.query].filter((id): id is string => !!id)))];
    const needed = [
      ...new Set(routes.flatMap((r) => [r.permission, ...(r.alsoNeeds ?? [])].filter((p): p is string => !!p))),
    ];
    const permissions = Object.fromEntries(needed.sort().map((p) => [p, (PERMISSIONS as Record<string, unknown>)[p]]));
    const code = [
      validatorsModule(requestIds),
      `exports.group=${JSON.stringify(group.name)};`,
      `exports.permissions=${JSON.stringify(permissions)};`,
      '',
    ].join('\n');
    writeFileSync(join(groupsDir, `${group.name}.js`), code);
    writeFileSync(join(groupsDir, `${group.name}.d.ts`), declarations(group.name));
    lines.push(`${group.name}: ${requestIds.length} request schemas, ${needed.length} permissions`);
  }
  const openapi = gzipSync(JSON.stringify(buildOpenApiDocument())).toString('base64');
  writeFileSync(join(groupsDir, 'openapi.js'), `"use strict";\nexports.gzippedBase64=${JSON.stringify(openapi)};\n`);
  writeFileSync(
    join(groupsDir, 'openapi.d.ts'),
    '/** The OpenAPI document (JSON), gzipped, base64. */\nexport declare const gzippedBase64: string;\n',
  );
  writeApiReferenceScript();
  writeFileSync(join(testsDir, 'all-validators.js'), validatorsModule(Object.keys(SCHEMAS)));
  return `validators -> ${groupsDir}: ${lines.join('; ')}`;
}

/** Named in the api-reference group's infrastructure.ts `files`, which ships it beside the group's bundle. */
const API_REFERENCE_SCRIPT_FILE = 'api-reference-script.js.gz';

// The package's `browser` entry, beside its main module (dist/index.js): its exports map does not export it.
const SCALAR_BUNDLE = join(require.resolve('@scalar/api-reference'), '..', 'browser', 'standalone.js');

/**
 * Scalar's standalone bundle without its source map comment (the map is not served), gzipped into a file of its own.
 * Its module names the file by `__dirname`: the generated folder when run from the sources, the bundle's folder in a
 * Lambda bundle (where the file is copied beside it).
 */
function writeApiReferenceScript(): void {
  const script = readFileSync(SCALAR_BUNDLE, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
  const gzipped = gzipSync(script, { level: 9 });
  const version = createHash('sha256').update(gzipped).digest('hex').slice(0, 16);
  writeFileSync(join(groupsDir, API_REFERENCE_SCRIPT_FILE), gzipped);
  writeFileSync(
    join(groupsDir, 'api-reference-script.js'),
    `"use strict";\nexports.version=${JSON.stringify(version)};\n` +
      `exports.file=require("node:path").join(__dirname,${JSON.stringify(API_REFERENCE_SCRIPT_FILE)});\n`,
  );
  writeFileSync(
    join(groupsDir, 'api-reference-script.d.ts'),
    "/** Scalar's browser bundle: its content hash, and the path of the file holding it gzipped. */\n" +
      'export declare const version: string;\nexport declare const file: string;\n',
  );
}

if (require.main === module) console.log(buildValidators());
