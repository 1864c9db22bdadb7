import { declaredOnly } from '../validation/declared-only';

/**
 * Entities, after ElectroDB / dynamodb-toolbox: one definition per stored record type owns its
 * keys and index keys (nothing else builds them), stamps every item it writes with its type and
 * schema version, and parses what it reads back: an item of another type, of a version this code
 * does not know, or missing a required field is a typed error, never an unchecked cast.
 */

export type TableKey = { PK: string; SK: string };
export type IndexKeys = Partial<Record<'GSI1PK' | 'GSI1SK' | 'GSI2PK' | 'GSI2SK', string>>;

/** Attributes the table adds around a record: keys, index keys, TTL and the entity stamp. */
const STORAGE_ATTRIBUTES = new Set(['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'ttl', 'entity', 'v']);

/** A stored item that is not what its entity says it is. */
export class EntityShapeError extends Error {
  constructor(entity: string, detail: string) {
    super(`stored ${entity}: ${detail}`);
    this.name = 'EntityShapeError';
  }
}

export interface EntityDefinition<T extends object, K extends unknown[]> {
  /** Stored as `entity` on every item. */
  type: string;
  /** Stored as `v`; bump it when the stored shape changes, and teach `upgrade` the older ones. */
  version: number;
  key: (...args: K) => TableKey;
  /** The key of a record (for writes). */
  keyOf: (record: T) => TableKey;
  /** Index keys a record carries (for writes). */
  indexes?: (record: T) => IndexKeys;
  /** Fields a stored record must have. */
  required: readonly (keyof T & string)[];
  /** Lifts an item of an older version to this one. */
  upgrade?: (item: Record<string, unknown>, from: number) => Record<string, unknown>;
}

export interface Entity<T extends object, K extends unknown[]> extends EntityDefinition<T, K> {
  /** The item to write: keys, index keys, type and version around the record. */
  item(record: T, extra?: Record<string, unknown>): Record<string, unknown>;
  /** The record of a stored item, checked; throws EntityShapeError. */
  parse(item: Record<string, unknown>): T;
}

export function defineEntity<T extends object, K extends unknown[]>(definition: EntityDefinition<T, K>): Entity<T, K> {
  return {
    ...definition,
    item: (record, extra = {}) => ({
      ...record,
      ...extra,
      ...definition.keyOf(record),
      ...(definition.indexes?.(record) ?? {}),
      entity: definition.type,
      v: definition.version,
    }),
    parse(item) {
      if (item.entity !== definition.type)
        throw new EntityShapeError(definition.type, `found entity ${String(item.entity)}`);
      const version = Number(item.v);
      if (
        !Number.isInteger(version) ||
        version > definition.version ||
        (version < definition.version && !definition.upgrade)
      ) {
        throw new EntityShapeError(definition.type, `unknown version ${String(item.v)}`);
      }
      const current = version < definition.version ? definition.upgrade!(item, version) : item;
      const record: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(current)) if (!STORAGE_ATTRIBUTES.has(name)) record[name] = value;
      const missing = definition.required.filter((field) => record[field] === undefined);
      if (missing.length) throw new EntityShapeError(definition.type, `missing ${missing.join(', ')}`);
      return record as T;
    },
  };
}

/**
 * The public view of a record: exactly the fields its response schema declares, at every depth.
 * A new internal field stays internal unless the schema is changed to publish it.
 */
export const publicView = <T>(schema: Parameters<typeof declaredOnly>[0], record: unknown): T =>
  declaredOnly(schema, record) as T;
