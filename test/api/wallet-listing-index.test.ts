import { GetCommand, PutCommand } from '../../functions/core/db/document';
import { db } from '../../functions/core/db/client';
import { walletAssetEntity } from '../../functions/wallet-assets/entities';
import { adminJson, type Migrated } from '../support/admin';
import { api, newAccount, type TestAccount } from '../support/api';

/**
 * An account's wallets are listed from a keys-only index (GSI3, asset base item version 2): a balance change, which
 * leaves the item's keys as they are, rewrites no index entry. Wallets of version 1 carry their entry on GSI1 and
 * are listed with them, in one order (docs/operations.md, "Index migrations").
 */
const TABLE_NAME = () => process.env.TABLE_NAME;
const stored = async (id: string) =>
  (await db().send(new GetCommand({ TableName: TABLE_NAME(), Key: walletAssetEntity.key(id), ConsistentRead: true })))
    .Item as Record<string, unknown>;

/** Rewrites a wallet's base item as version 1 wrote it: its listing entry on GSI1, which projects every attribute. */
async function storeAsVersion1(id: string) {
  const { GSI3PK, GSI3SK, ...item } = await stored(id);
  await db().send(new PutCommand({ TableName: TABLE_NAME(), Item: { ...item, v: 1, GSI1PK: GSI3PK, GSI1SK: GSI3SK } }));
}

async function newWallet(owner: TestAccount): Promise<string> {
  const res = await api('POST', '/api/wallet-assets', {
    key: owner.apiKey,
    body: { accountId: owner.accountId, ledgerId: 'svc.nzd.test' },
  });
  expect(res.status).toBe(200);
  return res.body.id;
}

const topup = (owner: TestAccount, assetId: string, amount: string) =>
  api('POST', `/api/wallet-assets/${assetId}/test-topups`, {
    key: owner.apiKey,
    body: { value: { currency: 'NZD', amount }, idempotencyKey: `listing-${assetId}` },
  });

/** `npm run admin -- migrate-wallet-listing` against the test platform's table, as an operator runs it. */
const migrate = () => adminJson<Migrated>('migrate-wallet-listing');

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe("an account's wallet listing", () => {
  it('is on the keys-only index, which a balance change leaves as it is', async () => {
    const owner = await newAccount();
    const id = await newWallet(owner);
    const created = await stored(id);
    expect(created).toMatchObject({ v: 2, GSI3PK: `ACCOUNTASSETS#${owner.accountId}` });
    expect(created).not.toHaveProperty('GSI1PK');
    expect((await topup(owner, id, '300')).status).toBe(200);
    const after = await stored(id);
    expect(after).toMatchObject({ v: 2, GSI3PK: created.GSI3PK, GSI3SK: created.GSI3SK });
    expect(after).not.toHaveProperty('GSI1PK');
  });

  it('shows wallets of both versions once each, in order, page by page and whole', async () => {
    const owner = await newAccount();
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push(await newWallet(owner));
    // Every other wallet as version 1 stored it, one of them holding money.
    for (const id of [created[0], created[2], created[4]]) await storeAsVersion1(id);
    expect((await topup(owner, created[2], '700')).status).toBe(200);
    expect((await topup(owner, created[3], '400')).status).toBe(200);
    expect(await stored(created[2])).toMatchObject({ v: 1, GSI1PK: `ACCOUNTASSETS#${owner.accountId}` });
    // Wallets created in one millisecond are ordered by id: the order is that of the stored sort keys.
    const sortKeys = await Promise.all(
      created.map(async (id) => {
        const item = await stored(id);
        return { id, sortKey: String(item.GSI3SK ?? item.GSI1SK) };
      }),
    );
    const oldestFirst = sortKeys.sort((a, b) => (a.sortKey < b.sortKey ? -1 : 1)).map(({ id }) => id);

    const whole = await api('GET', `/api/wallet-assets?accountId=${owner.accountId}`, { key: owner.apiKey });
    expect(whole.status).toBe(200);
    expect(ids(whole.body)).toEqual(oldestFirst);
    const balances = Object.fromEntries(whole.body.map((w: { id: string; balance: string }) => [w.id, w.balance]));
    expect(balances).toEqual(Object.fromEntries(created.map((id, i) => [id, ['0', '0', '700', '400', '0'][i]])));

    const path = `/api/accounts/${owner.accountId}/assets`;
    const seen: string[] = [];
    let pageKey: string | undefined;
    do {
      const page = await api(
        'GET',
        `${path}?paginationLimit=2${pageKey ? `&pageKey=${encodeURIComponent(pageKey)}` : ''}`,
        {
          key: owner.apiKey,
        },
      );
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeGreaterThan(0);
      seen.push(...ids(page.body.items));
      pageKey = page.body.nextPageKey;
    } while (pageKey);
    expect(seen).toEqual([...oldestFirst].reverse());
    // The listing answers what a wallet's own read does, whichever version stores it.
    const listed = (await api('GET', path, { key: owner.apiKey })).body.items;
    for (const id of [created[2], created[3]])
      expect(listed.find((w: { id: string }) => w.id === id)).toEqual(
        (await api('GET', `/api/assets/${id}`, { key: owner.apiKey })).body,
      );
  });

  it('moves wallets of version 1 to the keys-only index by the admin command, the listing unchanged', async () => {
    const owner = await newAccount();
    const created = [await newWallet(owner), await newWallet(owner), await newWallet(owner)];
    for (const id of created.slice(0, 2)) await storeAsVersion1(id);
    expect((await topup(owner, created[0], '250')).status).toBe(200);
    const path = `/api/accounts/${owner.accountId}/assets`;
    const before = (await api('GET', path, { key: owner.apiKey })).body;
    expect(before.items).toHaveLength(3);

    expect((await migrate()).moved).toBeGreaterThanOrEqual(2);
    for (const id of created) {
      const item = await stored(id);
      expect(item).toMatchObject({ v: 2, GSI3PK: `ACCOUNTASSETS#${owner.accountId}` });
      expect(item).not.toHaveProperty('GSI1PK');
    }
    expect((await api('GET', path, { key: owner.apiKey })).body).toEqual(before);
    // Nothing of version 1 is left: a second run moves nothing.
    expect(await migrate()).toEqual({ moved: 0, alreadyMoved: 0 });
  });
});
