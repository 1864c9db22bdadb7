process.env.PAGE_KEY_SECRET = 'unit-test-page-key-secret';

import { db } from '../../functions/core/db/client';
import { encodePageKey } from '../../functions/core/db/pagination';
import { legacyLedgerEntry, postedTransferEntity } from '../../functions/core/ledger/entities';
import { assetHistoryFrom, assetHistoryPage, historyCountThrough } from '../../functions/core/ledger/history';

/**
 * An asset's history merged from its two index partitions (core/ledger/history.ts), over both stored shapes: version 1
 * entries (one item per side, each on GSI1 of its asset) and version 2 transfer records (one item, GSI1 of the debited
 * asset, GSI2 of the credited). DynamoDB is not reached: Query is answered from the items below, as an index would.
 */

const at = (minute: number) => `2026-01-01T00:0${minute}:00.000Z`;
const legacy = (txnId: string, side: 'D' | 'C', assetId: string, otherAssetId: string, minute: number) =>
  legacyLedgerEntry.item(
    { txnId, side, kind: 'payment', assetId, otherAssetId, amount: '10', currency: 'NZD', createdAt: at(minute) },
    { paymentRequestId: `pr-${txnId}` },
  );
const transfer = (txnId: string, debitAssetId: string, creditAssetId: string, minute: number) =>
  postedTransferEntity.item(
    {
      txnId,
      kind: 'refund',
      debitAssetId,
      creditAssetId,
      amount: '4',
      currency: 'NZD',
      createdAt: at(minute),
      requestHash: 'hash',
      responsePK: 'PR#pr',
      responseSK: 'ACTIVITY#3',
    },
    { refundId: `rf-${txnId}` },
  );

/** Wallet `a`'s history: two version 1 entries (a debit, a credit), then a version 2 debit and a version 2 credit. */
const STORED = [
  legacy('t1', 'D', 'a', 'm', 1),
  legacy('t1', 'C', 'm', 'a', 1),
  legacy('t2', 'C', 'a', 'x', 2),
  legacy('t2', 'D', 'x', 'a', 2),
  transfer('t3', 'a', 'm', 3),
  transfer('t4', 'm', 'a', 4),
];

type QueryInput = {
  IndexName: 'GSI1' | 'GSI2';
  KeyConditionExpression: string;
  ExpressionAttributeValues: Record<string, string>;
  ScanIndexForward?: boolean;
  Limit?: number;
  Select?: string;
};

function query(input: QueryInput) {
  const [, operator, placeholder] = /SK (<=|<|>=) (:\w+)/.exec(input.KeyConditionExpression) ?? [];
  const bound = input.ExpressionAttributeValues[placeholder];
  const sk = (item: Record<string, unknown>) => String(item[`${input.IndexName}SK`]);
  const within = (key: string) =>
    !operator || (operator === '<' ? key < bound : operator === '<=' ? key <= bound : key >= bound);
  const items = STORED.filter(
    (item) => item[`${input.IndexName}PK`] === input.ExpressionAttributeValues[':pk'] && within(sk(item)),
  ).sort((x, y) => (sk(x) < sk(y) ? -1 : 1));
  if (input.ScanIndexForward === false) items.reverse();
  if (input.Select === 'COUNT') return { Count: items.length };
  return { Items: items.slice(0, input.Limit) };
}

let queried: QueryInput[];
beforeEach(() => {
  queried = [];
  jest.spyOn(db(), 'send').mockImplementation((async (command: { input: QueryInput }) => {
    queried.push(command.input);
    return query(command.input);
  }) as never);
});
afterEach(() => jest.restoreAllMocks());

const view = (items: { entry: { txnId: string; side: string; otherAssetId: string } }[]) =>
  items.map(({ entry }) => `${entry.txnId} ${entry.side} ${entry.otherAssetId}`);

describe('an asset’s history (core/ledger/history.ts)', () => {
  it('pages newest first across both shapes and both indexes, each entry as its side of the asset', async () => {
    const first = await assetHistoryPage('a', { paginationLimit: 3 });
    expect(view(first.items)).toEqual(['t4 C m', 't3 D m', 't2 C x']);
    expect(queried.map((q) => q.IndexName).sort()).toEqual(['GSI1', 'GSI2']);
    // A version 2 record's references ride along; its command's receipt does not.
    expect(first.items[0].entry).toEqual({
      txnId: 't4',
      side: 'C',
      kind: 'refund',
      assetId: 'a',
      otherAssetId: 'm',
      amount: '4',
      currency: 'NZD',
      createdAt: at(4),
      refundId: 'rf-t4',
    });
    expect(first.items[2].entry).toMatchObject({ assetId: 'a', otherAssetId: 'x', paymentRequestId: 'pr-t2' });
    const second = await assetHistoryPage('a', { paginationLimit: 3, pageKey: first.nextPageKey });
    expect(view(second.items)).toEqual(['t1 D m']);
    expect(second.nextPageKey).toBeUndefined();
    // The other side of the same transfers, seen from `m`.
    expect(view((await assetHistoryPage('m', {})).items)).toEqual(['t4 D a', 't3 C a', 't1 C a']);
  });

  it('resumes from a page key of the GSI1-only listing before the merge; another listing refuses it', async () => {
    const old = await encodePageKey(
      { PK: 'LEDGER#t3', SK: 'ENTRY#D', GSI1PK: 'ASSETTXN#a', GSI1SK: `${at(3)}#t3` },
      'ASSETTXN#a',
    );
    expect(view((await assetHistoryPage('a', { pageKey: old })).items)).toEqual(['t2 C x', 't1 D m']);
    await expect(assetHistoryPage('m', { pageKey: old })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('counts a movement’s place over both partitions, and reads oldest first from a sort key', async () => {
    expect(await historyCountThrough('a', `${at(3)}#t3`)).toBe(3);
    expect(await historyCountThrough('a', `${at(4)}#t4`)).toBe(4);
    expect(view(await assetHistoryFrom('a', `${at(2)}#t2`, 10))).toEqual(['t2 C x', 't3 D m', 't4 C m']);
    expect(view(await assetHistoryFrom('a', undefined, 2))).toEqual(['t1 D m', 't2 C x']);
  });
});
