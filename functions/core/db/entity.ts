import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from './document';
import type { DeleteCommandInput, PutCommandInput, QueryCommandInput, UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { config } from '../config';
import type { ApiError } from '../errors/classes';
import { declaredOnly } from '../validation/declared-only';
import { getItems, readItems } from './batch';
import { DB_READ, db } from './client';
import { type Page, paginationLimit, queryAll, queryPage } from './pagination';
import { TransactionConflictError, type TransactionStep } from './transaction';

/**
 * Entities, after ElectroDB / dynamodb-toolbox: one definition per stored record type owns its
 * keys and index keys (nothing else builds them), stamps every item it writes with its type and
 * schema version, and parses what it reads back: an item of another type, of a version this code
 * does not know, or missing a required field is a typed error, never an unchecked cast.
 */

export type TableKey = { PK: string; SK: string };
type IndexName = 'GSI1' | 'GSI2' | 'GSI3';
type IndexKeys = Partial<Record<`${IndexName}${'PK' | 'SK'}`, string>>;

/** Attributes the table adds around a record: keys, index keys, TTL and the entity stamp. */
const STORAGE_ATTRIBUTES = new Set([
  'PK',
  'SK',
  'GSI1PK',
  'GSI1SK',
  'GSI2PK',
  'GSI2SK',
  'GSI3PK',
  'GSI3SK',
  'ttl',
  'entity',
  'v',
]);

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
  /**
   * Fields computed from the rest of the stored item, its keys included (a field a key already holds is not
   * stored twice): never stored (every write drops them, an update that names them removes a copy an older
   * version stored), computed afresh by every read. Items stay smaller, and a write unit is billed per started
   * KB of an item.
   */
  derived?: { fields: readonly (keyof T & string)[]; of: (stored: Record<string, unknown>) => Partial<T> };
  /**
   * Values a field usually holds, from the rest of the record (an empty list, the owner's id): a create or put
   * leaves out a field holding its default, a read gives the default to a field that is absent. An update
   * stores what it sets, which reads back the same.
   */
  defaults?: (record: Record<string, unknown>) => Partial<T>;
}

/** A condition on the stored item, in DynamoDB's expression language, with its own placeholders. */
export interface Condition {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

/** What a failed condition means to the caller: the item as it was (ALL_OLD), or undefined when absent. */
type OnConditionFailed = (old: Record<string, unknown> | undefined) => ApiError | Error;

/** A partial write: attributes to set, numbers (or sets) to add, attributes to remove, and its condition. */
interface Changes {
  set?: Record<string, unknown>;
  /** Set only where the attribute is absent (a first timestamp kept across retries). */
  setIfAbsent?: Record<string, unknown>;
  add?: Record<string, unknown>;
  remove?: readonly string[];
  if?: Condition;
  onConditionFailed?: OnConditionFailed;
  /** Creates the item when absent, stamped with this entity's type and version (counters). */
  upsert?: boolean;
  /**
   * The version the caller read: the update applies only to that version and moves the record to the
   * next; a race is TransactionConflictError unless `onConditionFailed` names another error.
   */
  version?: number;
}

/** Which items a query reads: a partition of the table (by PK) or of an index, optionally under a sort-key prefix. */
export interface Selection {
  partition: string;
  index?: IndexName;
  sortKeyPrefix?: string;
  /** Only sort keys at or after this one (a time window of time-ordered keys). */
  sortKeyFrom?: string;
  /** Read at most this many items (`all`; fewer only when the partition has no more). */
  limit?: number;
  newestFirst?: boolean;
  filter?: Condition;
  projection?: string;
}

type Versioned = { version: number };

export interface Entity<T extends object, K extends unknown[]> extends EntityDefinition<T, K> {
  /** The item to write: keys, index keys, type and version around the record. */
  item(record: T, extra?: Record<string, unknown>): Record<string, unknown>;
  /** The record of a stored item, checked; throws EntityShapeError. */
  parse(item: Record<string, unknown>): T;

  /** The record under a key (strongly consistent), or undefined. */
  get(...key: K): Promise<T | undefined>;
  /** The records under the keys (strongly consistent, batched); missing ones are absent. */
  getMany(keys: readonly K[]): Promise<T[]>;
  /** Writes a new record, conditional on its key being free; `onExists` names the error (default EntityExistsError). */
  create(record: T, options?: { extra?: Record<string, unknown>; onExists?: () => ApiError | Error }): Promise<T>;
  /** Writes a record whatever is stored, or under a condition. */
  put(
    record: T,
    options?: { extra?: Record<string, unknown>; if?: Condition; onConditionFailed?: OnConditionFailed },
  ): Promise<T>;
  /**
   * Replaces a record read at `current.version` with its next state at the
   * next version; a concurrent change throws TransactionConflictError.
   */
  replace<V extends T & Versioned>(current: V, next: V): Promise<V>;
  /**
   * Changes attributes of the item under a key, conditional on its
   * existence (unless upserting) and `if`; returns the item after.
   */
  update(key: K, changes: Changes): Promise<T>;
  /** Deletes the item under a key, under a condition. */
  remove(key: K, options?: { if?: Condition; onConditionFailed?: OnConditionFailed }): Promise<void>;
  /**
   * One page of a partition, newest first unless told otherwise. The partition (and the filter, if
   * any) is the page key's scope: a page key of one listing is refused by any other.
   */
  page(selection: Selection, page: { paginationLimit?: number; pageKey?: string }): Promise<Page<T>>;
  /**
   * The same, each record read as the records `expand` makes of it, which may read more (a page may end between two
   * of them; it resumes where it ended if `expand` makes them in the same order each time).
   */
  page<U>(
    selection: Selection,
    page: { paginationLimit?: number; pageKey?: string },
    expand: (record: T) => U[] | Promise<U[]>,
  ): Promise<Page<U>>;
  /** Every record of a small, bounded partition. */
  all(selection: Selection): Promise<T[]>;
  /** The first record of a partition (a unique index entry such as a short code), or undefined. */
  first(selection: Selection): Promise<T | undefined>;
  /** The first entry of an index partition as stored, unparsed: its keys, from a keys-only index. */
  firstEntry(selection: Selection): Promise<Record<string, unknown> | undefined>;

  /** The transaction-step forms, for core/db/transaction.ts runTransaction. */
  createStep(record: T, options?: { extra?: Record<string, unknown>; onExists?: OnConditionFailed }): TransactionStep;
  putStep(
    record: T,
    options?: { extra?: Record<string, unknown>; if?: Condition; onConditionFailed?: OnConditionFailed },
  ): TransactionStep;
  /**
   * `onConditionFailed` names the error of a race where it means a business rule (already reviewed, already closed).
   */
  replaceStep<V extends T & Versioned>(
    current: V,
    next: V,
    options?: { onConditionFailed?: OnConditionFailed },
  ): TransactionStep & { record: V };
  updateStep(key: K, changes: Changes): TransactionStep;
  removeStep(key: K, options?: { if?: Condition; onConditionFailed?: OnConditionFailed }): TransactionStep;
  /** A condition on another item the transaction must hold, without writing it. */
  conditionStep(key: K, condition: Condition, onConditionFailed: OnConditionFailed): TransactionStep;
}

/** A create found its key taken. */
export class EntityExistsError extends Error {
  constructor(entity: string) {
    super(`${entity} exists`);
    this.name = 'EntityExistsError';
  }
}

/** An update or delete of an item that is not there, where the caller named no error of its own. */
export class EntityMissingError extends Error {
  constructor(entity: string) {
    super(`${entity} not found`);
    this.name = 'EntityMissingError';
  }
}

/** The condition of a write to a record read at `version` (a remove of it, or a replace). */
export const versionIs = (version: number): Condition => ({
  expression: '#version = :version',
  names: { '#version': 'version' },
  values: { ':version': version },
});

const ABSENT: Condition = { expression: 'attribute_not_exists(PK)' };
const PRESENT: Condition = { expression: 'attribute_exists(PK)' };

export function defineEntity<T extends object, K extends unknown[]>(definition: EntityDefinition<T, K>): Entity<T, K> {
  const tableName = () => config().tableName;
  const derivedFields = new Set<string>(definition.derived?.fields ?? []);
  const withoutDerived = (record: object) =>
    Object.fromEntries(Object.entries(record).filter(([name]) => !derivedFields.has(name)));
  const withoutDefaults = (record: Record<string, unknown>) => {
    const defaults: Record<string, unknown> = definition.defaults?.(record) ?? {};
    return Object.fromEntries(
      Object.entries(record).filter(
        ([name, value]) => !(name in defaults) || JSON.stringify(value) !== JSON.stringify(defaults[name]),
      ),
    );
  };
  const item = (record: T, extra: Record<string, unknown> = {}) => ({
    ...withoutDefaults(withoutDerived(record)),
    ...extra,
    ...definition.keyOf(record),
    ...(definition.indexes?.(record) ?? {}),
    entity: definition.type,
    v: definition.version,
  });
  const parse = (stored: Record<string, unknown>): T => {
    if (stored.entity !== definition.type)
      throw new EntityShapeError(definition.type, `found entity ${String(stored.entity)}`);
    const version = Number(stored.v);
    if (
      !Number.isInteger(version) ||
      version > definition.version ||
      (version < definition.version && !definition.upgrade)
    ) {
      throw new EntityShapeError(definition.type, `unknown version ${String(stored.v)}`);
    }
    const current = version < definition.version && definition.upgrade ? definition.upgrade(stored, version) : stored;
    const record: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(current)) if (!STORAGE_ATTRIBUTES.has(name)) record[name] = value;
    if (definition.derived) Object.assign(record, definition.derived.of(withoutDerived(current)));
    for (const [name, value] of Object.entries(definition.defaults?.(record) ?? {})) record[name] ??= value;
    const missing = definition.required.filter((field) => record[field] === undefined);
    if (missing.length) throw new EntityShapeError(definition.type, `missing ${missing.join(', ')}`);
    return record as T;
  };
  const missing = () => new EntityMissingError(definition.type);

  const putStep: Entity<T, K>['putStep'] = (record, options = {}) => ({
    item: { Put: { TableName: tableName(), Item: item(record, options.extra), ...conditionInput(options.if) } },
    onConditionFailed: options.onConditionFailed,
  });
  const createStep: Entity<T, K>['createStep'] = (record, options = {}) =>
    putStep(record, {
      extra: options.extra,
      if: ABSENT,
      onConditionFailed: options.onExists ?? (() => new EntityExistsError(definition.type)),
    });
  const replaceStep: Entity<T, K>['replaceStep'] = (current, next, options = {}) => {
    const record = { ...next, version: current.version + 1 };
    return {
      record,
      ...putStep(record, {
        if: versionIs(current.version),
        onConditionFailed: options.onConditionFailed ?? (() => new TransactionConflictError()),
      }),
    };
  };
  const updateStep: Entity<T, K>['updateStep'] = (key, changes) => ({
    item: { Update: { TableName: tableName(), Key: definition.key(...key), ...updateInput(definition, changes) } },
    // Without a condition of its own, a failure means the item is not there; with one, an unnamed
    // failure stays DynamoDB's, for `conditionHeld` to answer whether the update applied.
    onConditionFailed:
      changes.onConditionFailed ??
      (changes.version !== undefined ? () => new TransactionConflictError() : changes.if ? undefined : missing),
  });
  const removeStep: Entity<T, K>['removeStep'] = (key, options = {}) => ({
    item: { Delete: { TableName: tableName(), Key: definition.key(...key), ...conditionInput(options.if) } },
    onConditionFailed: options.onConditionFailed,
  });
  const listing = (selection: Selection) => queryInput(tableName(), selection);
  /** The items a selection reads, as stored (a keys-only index's are keys only). */
  const entries = async (selection: Selection) => {
    if (!selection.limit) return queryAll(listing(selection));
    // A page stops at 1 MB: read on until `limit` items or the end, so fewer than `limit` means there are no more.
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const input = listing({ ...selection, limit: selection.limit - items.length });
      const out = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
      items.push(...((out.Items ?? []) as Record<string, unknown>[]));
      start = out.LastEvaluatedKey as Record<string, unknown> | undefined;
    } while (start && items.length < selection.limit);
    return items;
  };
  const all: Entity<T, K>['all'] = async (selection) => (await entries(selection)).map(parse);

  return {
    ...definition,
    item,
    parse,
    async get(...key) {
      const [item] = await readItems([definition.key(...key)]);
      return item ? parse(unmarshall(item, DB_READ)) : undefined;
    },
    async getMany(keys) {
      const found = await getItems(keys.map((key) => definition.key(...key)));
      return [...found.values()].map(parse);
    },
    async create(record, options = {}) {
      await runStep(createStep(record, options));
      return record;
    },
    async put(record, options = {}) {
      await runStep(putStep(record, options));
      return record;
    },
    async replace(current, next) {
      const step = replaceStep(current, next);
      await runStep(step);
      return step.record;
    },
    async update(key, changes) {
      const out = await runStep(updateStep(key, changes), 'ALL_NEW');
      return parse(out ?? {});
    },
    async remove(key, options = {}) {
      await runStep(removeStep(key, options));
    },
    page<U>(
      selection: Selection,
      page: { paginationLimit?: number; pageKey?: string },
      expand: (record: T) => U[] | Promise<U[]> = (record) => [record as unknown as U],
    ) {
      return queryPage(listing({ newestFirst: true, ...selection }), {
        scope: selection.filter
          ? `${selection.partition}#${selection.filter.expression}#${JSON.stringify(selection.filter.values ?? {})}`
          : selection.partition,
        limit: paginationLimit(page.paginationLimit),
        pageKey: page.pageKey,
        expand: (item) => expand(parse(item)),
      });
    },
    all,
    async first(selection) {
      return (await all({ ...selection, limit: 1 }))[0];
    },
    async firstEntry(selection) {
      return (await entries({ ...selection, limit: 1 }))[0];
    },
    createStep,
    putStep,
    replaceStep,
    updateStep,
    removeStep,
    conditionStep: (key, condition, onConditionFailed) => ({
      item: {
        ConditionCheck: {
          TableName: tableName(),
          Key: definition.key(...key),
          ...conditionInput(condition),
        } as never,
      },
      onConditionFailed,
    }),
  };
}

/** The condition attributes of a write; asks for the old item so its error can name the rule it broke. */
function conditionInput(condition: Condition | undefined) {
  if (!condition) return {};
  return {
    ConditionExpression: condition.expression,
    ...(condition.names ? { ExpressionAttributeNames: condition.names } : {}),
    ...(condition.values ? { ExpressionAttributeValues: condition.values } : {}),
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
  };
}

/**
 * SET / ADD / REMOVE with generated placeholders (`#u0`, `:u0`…), which cannot collide with a
 * condition's own (`#status`, `:status`). An update is of an existing item unless it upserts.
 */
function updateInput<T extends object, K extends unknown[]>(definition: EntityDefinition<T, K>, changes: Changes) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  let n = 0;
  const placeholder = (attribute: string, value?: unknown) => {
    const i = n++;
    names[`#u${i}`] = attribute;
    if (value !== undefined) values[`:u${i}`] = value;
    return i;
  };
  // A derived field is never set: one an older version stored goes when the update names it.
  const derived = new Set<string>(definition.derived?.fields ?? []);
  const sets = Object.entries(changes.set ?? {})
    .filter(([attribute, value]) => value !== undefined && !derived.has(attribute))
    .map(([attribute, value]) => {
      const i = placeholder(attribute, value);
      return `#u${i} = :u${i}`;
    });
  // An upserted item is stamped as its entity when the update creates it.
  const stamp = changes.upsert ? { entity: definition.type, v: definition.version } : {};
  for (const [attribute, value] of Object.entries({ ...changes.setIfAbsent, ...stamp })) {
    const i = placeholder(attribute, value);
    sets.push(`#u${i} = if_not_exists(#u${i}, :u${i})`);
  }
  if (changes.version !== undefined) {
    const i = placeholder('version', changes.version + 1);
    sets.push(`#u${i} = :u${i}`);
  }
  const adds = Object.entries(changes.add ?? {}).map(([attribute, value]) => {
    const i = placeholder(attribute, value);
    return `#u${i} :u${i}`;
  });
  const removes = [
    ...(changes.remove ?? []),
    ...Object.keys(changes.set ?? {}).filter((name) => derived.has(name)),
  ].map((attribute) => `#u${placeholder(attribute)}`);
  const clauses = [
    sets.length ? `SET ${sets.join(', ')}` : '',
    adds.length ? `ADD ${adds.join(', ')}` : '',
    removes.length ? `REMOVE ${removes.join(', ')}` : '',
  ].filter(Boolean);
  const condition = combine(
    combine(
      changes.upsert ? undefined : PRESENT,
      changes.version === undefined ? undefined : versionIs(changes.version),
    ),
    changes.if,
  );
  return {
    UpdateExpression: clauses.join(' '),
    ...conditionInput(condition),
    ExpressionAttributeNames: { ...names, ...condition?.names },
    ...(Object.keys(values).length || condition?.values
      ? { ExpressionAttributeValues: { ...values, ...condition?.values } }
      : {}),
  };
}

function combine(a: Condition | undefined, b: Condition | undefined): Condition | undefined {
  if (!a || !b) return a ?? b;
  return {
    expression: `(${a.expression}) AND (${b.expression})`,
    names: { ...a.names, ...b.names },
    values: { ...a.values, ...b.values },
  };
}

function queryInput(tableName: string, selection: Selection): QueryCommandInput {
  const pk = selection.index ? `${selection.index}PK` : 'PK';
  const sk = selection.index ? `${selection.index}SK` : 'SK';
  const names: Record<string, string> = { '#pk': pk, ...selection.filter?.names };
  const values: Record<string, unknown> = { ':pk': selection.partition, ...selection.filter?.values };
  let keyCondition = '#pk = :pk';
  if (selection.sortKeyPrefix !== undefined) {
    names['#sk'] = sk;
    values[':sk'] = selection.sortKeyPrefix;
    keyCondition += ' AND begins_with(#sk, :sk)';
  } else if (selection.sortKeyFrom !== undefined) {
    names['#sk'] = sk;
    values[':sk'] = selection.sortKeyFrom;
    keyCondition += ' AND #sk >= :sk';
  }
  return {
    TableName: tableName,
    ...(selection.index ? { IndexName: selection.index } : { ConsistentRead: true }),
    KeyConditionExpression: keyCondition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ...(selection.newestFirst ? { ScanIndexForward: false } : {}),
    ...(selection.filter ? { FilterExpression: selection.filter.expression } : {}),
    ...(selection.projection ? { ProjectionExpression: selection.projection } : {}),
    ...(selection.limit ? { Limit: selection.limit } : {}),
  };
}

/** One step on its own (a single conditional write): its failed condition means what the step says. */
async function runStep(step: TransactionStep, returnValues?: 'ALL_NEW'): Promise<Record<string, unknown> | undefined> {
  const { Put, Update, Delete } = step.item as { Put?: object; Update?: object; Delete?: object };
  try {
    if (Put) await db().send(new PutCommand(Put as PutCommandInput));
    else if (Delete) await db().send(new DeleteCommand(Delete as DeleteCommandInput));
    else if (Update) {
      const out = await db().send(new UpdateCommand({ ...(Update as UpdateCommandInput), ReturnValues: returnValues }));
      return out.Attributes;
    }
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException && step.onConditionFailed)
      throw step.onConditionFailed(error.Item ? unmarshall(error.Item, { wrapNumbers: true }) : undefined);
    throw error;
  }
  return undefined;
}

/**
 * The public view of a record: exactly the fields its response schema declares, at every depth.
 * A new internal field stays internal unless the schema is changed to publish it.
 */
export const publicView = <T>(schema: Parameters<typeof declaredOnly>[0], record: unknown): T =>
  declaredOnly(schema, record) as T;
