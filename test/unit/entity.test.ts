import { defineEntity, EntityShapeError, publicView } from '../../functions/core/db/entity';

interface Thing {
  id: string;
  accountId: string;
  name?: string;
}

const thing = defineEntity<Thing, [string]>({
  type: 'thing',
  version: 2,
  key: (id) => ({ PK: `THING#${id}`, SK: 'THING' }),
  keyOf: (t) => ({ PK: `THING#${t.id}`, SK: 'THING' }),
  indexes: (t) => ({ GSI1PK: `ACCOUNTTHINGS#${t.accountId}`, GSI1SK: t.id }),
  required: ['id', 'accountId'],
  upgrade: (item, from) => (from === 1 ? { ...item, accountId: item.owner } : item),
});

describe('entities', () => {
  it('stamps type and version, builds keys and index keys, and parses its own items back', () => {
    const item = thing.item({ id: 't1', accountId: 'a1', name: 'x' });
    expect(item).toMatchObject({ PK: 'THING#t1', SK: 'THING', GSI1PK: 'ACCOUNTTHINGS#a1', entity: 'thing', v: 2 });
    expect(thing.parse(item)).toEqual({ id: 't1', accountId: 'a1', name: 'x' });
  });
  it('upgrades an older version it knows', () => {
    expect(thing.parse({ entity: 'thing', v: 1, id: 't1', owner: 'a1' })).toMatchObject({ id: 't1', accountId: 'a1' });
  });
  it.each([
    ['another entity', { entity: 'other', v: 2, id: 't1', accountId: 'a1' }],
    ['no stamp', { id: 't1', accountId: 'a1' }],
    ['a newer version', { entity: 'thing', v: 3, id: 't1', accountId: 'a1' }],
    ['a missing required field', { entity: 'thing', v: 2, id: 't1' }],
  ])('refuses %s with a typed error', (_, item) => {
    expect(() => thing.parse(item)).toThrow(EntityShapeError);
  });
  it('never stores a derived field, computes it on each read, removes an older copy when an update names it', () => {
    const labelled = defineEntity<Thing & { label: string }, [string]>({
      type: 'labelled',
      version: 2,
      key: (id) => ({ PK: `LABELLED#${id}`, SK: 'LABELLED' }),
      keyOf: (t) => ({ PK: `LABELLED#${t.id}`, SK: 'LABELLED' }),
      required: ['id', 'accountId', 'label'],
      upgrade: (item) => item,
      derived: { fields: ['label'], of: (stored) => ({ label: `${String(stored.id)}@${String(stored.accountId)}` }) },
    });
    const item = labelled.item({ id: 't1', accountId: 'a1', label: 'stale' });
    expect(item).not.toHaveProperty('label');
    expect(labelled.parse(item).label).toBe('t1@a1');
    // A version 1 item stored its own copy: the derived value is read over it.
    expect(labelled.parse({ ...item, v: 1, label: 'stale' }).label).toBe('t1@a1');
    const update = labelled.updateStep(['t1'], { set: { name: 'n', label: 'stale' } }).item.Update;
    expect(update?.UpdateExpression).toBe('SET #u0 = :u0 REMOVE #u1');
    expect(update?.ExpressionAttributeNames).toMatchObject({ '#u0': 'name', '#u1': 'label' });
  });
  it('derives a field from the key that holds it, and leaves out a field holding its default', () => {
    const keyed = defineEntity<Thing & { tags: string[]; ownerId: string }, [string]>({
      type: 'keyed',
      version: 1,
      key: (id) => ({ PK: `KEYED#${id}`, SK: 'KEYED' }),
      keyOf: (t) => ({ PK: `KEYED#${t.id}`, SK: 'KEYED' }),
      required: ['id', 'accountId', 'tags', 'ownerId'],
      derived: { fields: ['id'], of: (stored) => ({ id: String(stored.PK).slice('KEYED#'.length) }) },
      defaults: (t) => ({ tags: [], ownerId: t.accountId as string }),
    });
    const usual = { id: 't1', accountId: 'a1', tags: [], ownerId: 'a1' };
    const item = keyed.item(usual);
    for (const left of ['id', 'tags', 'ownerId']) expect(item).not.toHaveProperty(left);
    expect(keyed.parse(item)).toEqual(usual);
    const unusual = { id: 't2', accountId: 'a1', tags: ['x'], ownerId: 'a2' };
    expect(keyed.item(unusual)).toMatchObject({ tags: ['x'], ownerId: 'a2' });
    expect(keyed.parse(keyed.item(unusual))).toEqual(unusual);
  });
  it('public views carry only what the response schema declares', () => {
    const schema = {
      type: 'object',
      properties: { id: {}, nested: { type: 'object', properties: { a: {} } } },
    } as const;
    expect(publicView(schema, { id: 'x', secret: 's', nested: { a: 1, b: 2 } })).toEqual({ id: 'x', nested: { a: 1 } });
  });
});
