import { inBatches } from '../../functions/core/in-batches';

describe('inBatches', () => {
  it('runs at most `size` calls at once, batch after batch, and adds up what each answers', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const totals = await inBatches([1, 2, 3, 4, 5, 6, 7, 8, 9], 4, { even: 0, odd: 0 }, async (n) => {
      started.push(n);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running--;
      return n % 2 ? { odd: n } : { even: n };
    });
    expect(totals).toEqual({ even: 2 + 4 + 6 + 8, odd: 1 + 3 + 5 + 7 + 9 });
    expect(most).toBe(4);
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('answers the starting totals for no items, and leaves them as given', async () => {
    const start = { done: 2 };
    expect(await inBatches([], 4, start, async () => ({ done: 1 }))).toEqual({ done: 2 });
    expect(await inBatches(['a', 'b'], 1, start, async () => ({ done: 1 }))).toEqual({ done: 4 });
    expect(start).toEqual({ done: 2 });
  });

  it('starts no batch after one whose call throws', async () => {
    const seen: number[] = [];
    await expect(
      inBatches([1, 2, 3], 1, { n: 0 }, async (n) => {
        seen.push(n);
        if (n === 2) throw new Error('boom');
        return { n: 1 };
      }),
    ).rejects.toThrow('boom');
    expect(seen).toEqual([1, 2]);
  });

  it('refuses a size that is not a positive whole number', async () => {
    await expect(inBatches([1], 0, { n: 0 }, async () => ({ n: 1 }))).rejects.toThrow(RangeError);
  });
});
