import { randomUUID } from 'node:crypto';
import {
  type Condition,
  defineEntity,
  EntityExistsError,
  EntityMissingError,
  EntityShapeError,
  versionIs,
} from '../../functions/core/db/entity';
import { runTransaction, TransactionConflictError } from '../../functions/core/db/transaction';

/**
 * Entities persist themselves (core/db/entity.ts): every read parses, every write stamps, every
 * condition maps to the error its caller named. Run against DynamoDB Local with a test-only entity.
 */
interface Thing {
  id: string;
  ownerId: string;
  createdAt: string;
  version: number;
  count?: number;
  note?: string;
}

const thingKey = (id: string) => ({ PK: `TESTTHING#${id}`, SK: 'TESTTHING' });
const things = defineEntity<Thing, [id: string]>({
  type: 'test-thing',
  version: 1,
  key: thingKey,
  keyOf: (t) => thingKey(t.id),
  indexes: (t) => ({ GSI1PK: `TESTOWNERTHINGS#${t.ownerId}`, GSI1SK: `${t.createdAt}#${t.id}` }),
  required: ['id', 'ownerId', 'createdAt', 'version'],
});

class Refused extends Error {
  constructor(readonly old: Record<string, unknown> | undefined) {
    super('refused');
  }
}

const newThing = (ownerId: string, at: number, overrides: Partial<Thing> = {}): Thing => ({
  id: randomUUID(),
  ownerId,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, at)).toISOString(),
  version: 1,
  ...overrides,
});

describe('entities that persist themselves', () => {
  it('creates only on a free key, reads back what it wrote, and names the error of a taken key', async () => {
    const thing = newThing(randomUUID(), 0, { note: 'first' });
    expect(await things.get(thing.id)).toBeUndefined();
    await things.create(thing);
    expect(await things.get(thing.id)).toEqual(thing);
    await expect(things.create({ ...thing, note: 'second' })).rejects.toBeInstanceOf(EntityExistsError);
    await expect(things.create(thing, { onExists: () => new Refused(undefined) })).rejects.toBeInstanceOf(Refused);
    expect((await things.get(thing.id))?.note).toBe('first');
  });

  it('replaces at the version read; a stale version is a conflict and writes nothing', async () => {
    const thing = await things.create(newThing(randomUUID(), 0));
    const replaced = await things.replace(thing, { ...thing, note: 'two' });
    expect(replaced.version).toBe(2);
    await expect(things.replace(thing, { ...thing, note: 'stale' })).rejects.toBeInstanceOf(TransactionConflictError);
    expect(await things.get(thing.id)).toEqual(replaced);
  });

  it('updates set, add and remove under a condition; the failure hands the caller the old item', async () => {
    const thing = await things.create(newThing(randomUUID(), 0, { note: 'x', count: 1 }));
    const after = await things.update([thing.id], {
      set: { ownerId: thing.ownerId },
      add: { count: 2 },
      remove: ['note'],
    });
    expect(after).toEqual({ ...thing, count: 3, note: undefined });
    expect(after).not.toHaveProperty('note');
    const atMostThree: Condition = { expression: '#count < :max', names: { '#count': 'count' }, values: { ':max': 3 } };
    const refused = things.update([thing.id], {
      add: { count: 1 },
      if: atMostThree,
      onConditionFailed: (old) => new Refused(old),
    });
    await expect(refused).rejects.toMatchObject({ old: expect.objectContaining({ id: thing.id }) });
    expect((await things.get(thing.id))?.count).toBe(3);
  });

  it('a versioned update applies to the version read and moves it on; a stale one is a conflict', async () => {
    const thing = await things.create(newThing(randomUUID(), 0, { note: 'a' }));
    const after = await things.update([thing.id], { set: { note: 'b' }, version: thing.version });
    expect(after).toEqual({ ...thing, note: 'b', version: 2 });
    await expect(things.update([thing.id], { set: { note: 'c' }, version: thing.version })).rejects.toBeInstanceOf(
      TransactionConflictError,
    );
    expect((await things.get(thing.id))?.note).toBe('b');
  });

  it('an update of a missing item is refused unless it upserts, and an upsert is stamped as the entity', async () => {
    const id = randomUUID();
    await expect(things.update([id], { add: { count: 1 } })).rejects.toBeInstanceOf(EntityMissingError);
    await expect(things.get(id)).resolves.toBeUndefined();
    const ownerId = randomUUID();
    const created = await things.update([id], {
      set: { id, ownerId, createdAt: '2026-01-01T00:00:00.000Z', version: 1 },
      add: { count: 1 },
      upsert: true,
    });
    expect(created).toEqual({ id, ownerId, createdAt: '2026-01-01T00:00:00.000Z', version: 1, count: 1 });
  });

  it('lists an index partition a page at a time, newest first, and reads a bounded one whole', async () => {
    const ownerId = randomUUID();
    const made = [];
    for (let at = 0; at < 5; at++) made.push(await things.create(newThing(ownerId, at)));
    const newestFirst = made.map((t) => t.id).reverse();
    const selection = { index: 'GSI1' as const, partition: `TESTOWNERTHINGS#${ownerId}` };
    const first = await things.page(selection, { paginationLimit: 3 });
    expect(first.items.map((t) => t.id)).toEqual(newestFirst.slice(0, 3));
    const second = await things.page(selection, { paginationLimit: 3, pageKey: first.nextPageKey });
    expect(second.items.map((t) => t.id)).toEqual(newestFirst.slice(3));
    expect(second.nextPageKey).toBeUndefined();
    expect((await things.all(selection)).map((t) => t.id)).toEqual(newestFirst.slice().reverse());
    expect((await things.first({ ...selection, newestFirst: true }))?.id).toBe(newestFirst[0]);
    const older: Condition = { expression: 'createdAt < :at', values: { ':at': made[3].createdAt } };
    const filtered = await things.page({ ...selection, filter: older }, { paginationLimit: 2 });
    expect(filtered.items.map((t) => t.id)).toEqual(newestFirst.slice(2, 4));
    await expect(things.page(selection, { pageKey: filtered.nextPageKey })).rejects.toMatchObject({ statusCode: 400 });
    const lastTwo = await things.all({ ...selection, sortKeyFrom: made[3].createdAt, newestFirst: true, limit: 10 });
    expect(lastTwo.map((t) => t.id)).toEqual(newestFirst.slice(0, 2));
    expect((await things.all({ ...selection, newestFirst: true, limit: 1 })).map((t) => t.id)).toEqual([
      newestFirst[0],
    ]);
    await expect(
      things.page({ ...selection, partition: 'TESTOWNERTHINGS#other' }, { pageKey: first.nextPageKey }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it("transaction steps: all or nothing, and the failing step's condition names the error", async () => {
    const held = await things.create(newThing(randomUUID(), 0, { count: 0 }));
    const fresh = newThing(randomUUID(), 1);
    const notZero: Condition = { expression: '#count > :zero', names: { '#count': 'count' }, values: { ':zero': 0 } };
    await expect(
      runTransaction([things.createStep(fresh), things.conditionStep([held.id], notZero, (old) => new Refused(old))]),
    ).rejects.toBeInstanceOf(Refused);
    expect(await things.get(fresh.id)).toBeUndefined();

    const replace = things.replaceStep(held, { ...held, note: 'moved' });
    await runTransaction([things.createStep(fresh), replace]);
    expect(await things.get(fresh.id)).toEqual(fresh);
    expect(await things.get(held.id)).toEqual(replace.record);
    await expect(runTransaction([things.replaceStep(held, held)])).rejects.toBeInstanceOf(TransactionConflictError);
    const named = things.replaceStep(held, held, { onConditionFailed: (old) => new Refused(old) });
    await expect(runTransaction([named])).rejects.toMatchObject({ old: expect.objectContaining({ id: held.id }) });
    await expect(things.remove([held.id], { if: versionIs(held.version) })).rejects.toThrow();
    await things.remove([held.id], { if: versionIs(replace.record.version) });
    expect(await things.get(held.id)).toBeUndefined();
    await runTransaction([things.removeStep([fresh.id])]);
    expect(await things.get(fresh.id)).toBeUndefined();
  });

  it('reads many records by key in batches, missing ones absent, each once', async () => {
    const ownerId = randomUUID();
    const made = await Promise.all(Array.from({ length: 130 }, (_, at) => things.create(newThing(ownerId, at))));
    const keys: [string][] = [...made, ...made.slice(0, 5)].map((t) => [t.id]);
    const found = await things.getMany([...keys, [randomUUID()]]);
    expect(found.map((t) => t.id).sort()).toEqual(made.map((t) => t.id).sort());
    expect(await things.getMany([])).toEqual([]);
  });

  it('refuses to read an item of another entity under its key', async () => {
    const thing = await things.create(newThing(randomUUID(), 0));
    const other = defineEntity<Thing, [id: string]>({ ...things, type: 'other-thing' });
    await expect(other.get(thing.id)).rejects.toBeInstanceOf(EntityShapeError);
    await things.remove([thing.id]);
    expect(await things.get(thing.id)).toBeUndefined();
  });
});
