import { ID_KINDS, pathParameterKind } from '../../functions/core/ids';
import { routeKey } from '../../functions/core/http/route';
import { ROUTES } from '../../functions/routes';
import { SCHEMAS } from '../../functions/schemas';
import type { Schema } from '../support/route-fixtures';

/** Every sub-schema of a request schema with its path (properties, items, combinators). */
function* walk(schema: Schema, path: string): Generator<[string, Schema]> {
  if (!schema || typeof schema !== 'object') return;
  yield [path, schema];
  for (const [name, child] of Object.entries(schema.properties ?? {})) yield* walk(child, `${path}.${name}`);
  for (const child of [schema.items, schema.additionalProperties])
    if (child && typeof child === 'object') yield* walk(child, `${path}[]`);
  for (const child of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
    yield* walk(child, path);
}

const requestSchemas = [
  ...new Set(ROUTES.flatMap((route) => [route.body, route.query].filter((id): id is NonNullable<typeof id> => !!id))),
];
const subSchemas = requestSchemas.flatMap((id) => [...walk(SCHEMAS[id] as Schema, id)]);
const kindPatterns = new Set<string | undefined>(Object.values(ID_KINDS).map((kind) => kind.pattern));

describe('request schemas are bounded', () => {
  it('every string has a maxLength and every array a maxItems', () => {
    const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type : [s.type]);
    const unbounded = subSchemas.filter(
      ([, s]) =>
        (typeOf(s).includes('string') && s.maxLength === undefined && !s.enum && s.const === undefined) ||
        (typeOf(s).includes('array') && s.maxItems === undefined),
    );
    expect(unbounded.map(([path]) => path)).toEqual([]);
  });

  /**
   * Labels the client's own systems choose (terminals, devices, products, processors) and asset types: bounded text,
   * not ids of ours.
   */
  const CLIENT_LABELS = new RegExp(
    String.raw`\.(ledgerId|terminalId|deviceId|operatorId|productId|` +
      'processorMerchantAccountId|processorStoreId|externalMerchantId)$',
  );

  it('every id field takes the fragment of an id kind (core/ids.ts)', () => {
    const idFields = subSchemas.filter(
      ([path, s]) =>
        /(Id|Ids\[\])$/.test(path) &&
        !CLIENT_LABELS.test(path) &&
        (Array.isArray(s.type) ? s.type : [s.type]).includes('string'),
    );
    expect(idFields.filter(([, s]) => !kindPatterns.has(s.pattern)).map(([path]) => path)).toEqual([]);
  });

  it('every path parameter of the route table has an id kind', () => {
    const missing = ROUTES.flatMap((route) =>
      [...route.path.matchAll(/\{([^}]+)\}/g)]
        .filter(([, name]) => !pathParameterKind(name))
        .map(([, name]) => `${routeKey(route)} ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
