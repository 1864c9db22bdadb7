import { SCHEMAS, type SchemaId } from '../../functions/schemas';
import type { Route } from '../../functions/routes';

type Schema = Record<string, any>;

/** An id no resource has: every non-account path parameter gets it. */
export const MISSING_ID = 'zzNoSuchId0000000000000';

/** Strings tried, in order, for a string schema with a pattern: the first that fits is used. */
const CANDIDATES = ['abc', '100', 'NZD', 'NZ', '5812', 'mc_zzNoSuchConfig', 'https://example.com/x', 'svc.nzd.test', '9990001234567890', '-36.8', 'a-b', 'a@example.com', 'c_zzNoSuchCollection', '9429000000000'];

/** A minimal instance that satisfies a schema (required properties only), for requests that must pass validation. */
export function validInstance(schema: Schema, overrides: Record<string, unknown> = {}, name = ''): unknown {
  if (name in overrides) return overrides[name];
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = validInstance(schema.properties?.[key] ?? {}, overrides, key);
      return out;
    }
    case 'array':
      return schema.minItems ? Array.from({ length: schema.minItems }, () => validInstance(schema.items ?? {}, overrides)) : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'string': {
      const fits = (s: string) => (!schema.pattern || new RegExp(schema.pattern).test(s)) && s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity);
      const found = CANDIDATES.find(fits);
      if (!found) throw new Error(`no candidate string for ${name} (${schema.pattern})`);
      return found;
    }
    default:
      return {};
  }
}

export const schemaOf = (id: SchemaId | undefined): Schema | undefined => (id ? (SCHEMAS[id] as Schema) : undefined);

/** The route's path with `accountId` pointing at the given account and every other parameter at a missing id. */
export function pathFor(route: Route, accountId: string): string {
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) => (name === 'accountId' ? accountId : MISSING_ID));
}
