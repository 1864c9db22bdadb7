import { ID_KINDS, ID_PREFIX, pathParameterKind, type IdKindName } from '../../functions/core/ids';
import { SCHEMAS, type SchemaId } from '../../functions/schemas';
import type { Route } from '../../functions/routes';

/** The JSON Schema keywords the tests read of the platform's request schemas. */
export interface Schema {
  type?: string | readonly string[];
  const?: unknown;
  enum?: readonly unknown[];
  properties?: Readonly<Record<string, Schema>>;
  required?: readonly string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  allOf?: readonly Schema[];
  anyOf?: readonly Schema[];
  oneOf?: readonly Schema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
}

/** An id no resource has, of the right shape (22 base58 characters). */
export const MISSING_ID = 'zzNoSuchResourcezzzzzz';

/** A value of that id kind that names nothing (core/ids.ts): a platform id with its prefix, or a plausible code. */
export function missingIdOf(kind: IdKindName): string {
  if (kind === 'id' || kind === 'merchantConfigAnyForm') return MISSING_ID;
  if (kind in ID_PREFIX) return `${ID_PREFIX[kind as keyof typeof ID_PREFIX]}_${MISSING_ID}`;
  const samples: Partial<Record<IdKindName, string>> = {
    userId: 'no-such-user',
    apiKeyName: 'no-such-key',
    shortCode: 'CP-ZZZ-ZZZ',
    barcode: '9990001234567890',
    nzbn: '9429000000000',
    conditionId: '999',
    walletApp: 'no-such-wallet',
    patronCodeNamespace: 'no-such-namespace',
    externalId: 'no-such-id',
    assetType: 'no.such.type',
    integrationType: 'payment-referral',
    reference: 'no-such-reference',
  };
  return samples[kind]!;
}

const kindOfPattern = (pattern: string) =>
  (Object.keys(ID_KINDS) as IdKindName[]).find((kind) => ID_KINDS[kind].pattern === pattern);

/** Strings tried, in order, for a string schema with a pattern: the first that fits is used. */
const CANDIDATES = [
  'abc',
  '100',
  'NZD',
  'NZ',
  '5812',
  'https://example.com/x',
  'svc.nzd.test',
  '9990001234567890',
  '-36.8',
  'a-b',
  'a@example.com',
];

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
      return schema.minItems
        ? Array.from({ length: schema.minItems }, () => validInstance(schema.items ?? {}, overrides))
        : [];
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'string': {
      const fits = (s: string) =>
        (!schema.pattern || new RegExp(schema.pattern).test(s)) &&
        s.length >= (schema.minLength ?? 0) &&
        s.length <= (schema.maxLength ?? Infinity);
      const kind = schema.pattern ? kindOfPattern(schema.pattern) : undefined;
      const found = kind ? missingIdOf(kind) : CANDIDATES.find(fits);
      if (!found) throw new Error(`no candidate string for ${name} (${schema.pattern})`);
      return found;
    }
    default:
      return {};
  }
}

export const schemaOf = (id: SchemaId | undefined): Schema | undefined => (id ? (SCHEMAS[id] as Schema) : undefined);

/**
 * The route's path with `accountId` pointing at the given account and every other parameter at a missing id of its
 * kind.
 */
export function pathFor(route: Route, accountId: string): string {
  return route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    name === 'accountId' ? accountId : encodeURIComponent(missingIdOf(pathParameterKind(name) ?? 'id')),
  );
}
