import { items, type Page, PageError } from '../src';

/** A listing of `total` numbers served `size` at a time, recording the page keys it was asked for. */
function listing(total: number, size: number) {
  const asked: (string | undefined)[] = [];
  const fetchPage = async (pageKey: string | undefined) => {
    asked.push(pageKey);
    const from = pageKey ? Number(pageKey.slice(1)) : 0;
    const data: Page<number> = { items: Array.from({ length: Math.min(size, total - from) }, (_, i) => from + i) };
    if (from + size < total) data.nextPageKey = `k${from + size}`;
    return { data, response: new Response('{}') };
  };
  return { asked, fetchPage };
}

const all = async <T>(iterable: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
};

describe('items', () => {
  it('follows nextPageKey until a page has none', async () => {
    const { asked, fetchPage } = listing(7, 3);
    expect(await all(items(fetchPage))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(asked).toEqual([undefined, 'k3', 'k6']);
  });

  it('reads no further page than the caller takes', async () => {
    const { asked, fetchPage } = listing(100, 10);
    for await (const n of items(fetchPage)) if (n === 12) break;
    expect(asked).toEqual([undefined, 'k10']);
  });

  it('stops after maxPages pages', async () => {
    const { asked, fetchPage } = listing(100, 10);
    expect(await all(items(fetchPage, { maxPages: 2 }))).toHaveLength(20);
    expect(asked).toHaveLength(2);
  });

  it('throws the status and error body of a page that failed', async () => {
    const error = { statusCode: 400, error: 'Bad Request', message: 'pageKey is invalid' };
    const failing = async () => ({ error, response: new Response('{}', { status: 400 }) });
    await expect(all(items<number>(failing))).rejects.toEqual(new PageError(400, error));
    await expect(all(items<number>(failing))).rejects.toMatchObject({ status: 400, body: error });
  });
});
