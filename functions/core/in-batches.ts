/**
 * Runs `fn` over the items `size` at a time (a batch starts once the one before has settled, bounding how much one
 * run asks of the table at once) and adds up the totals each call answers, key by key, onto `totals`. `fn` decides
 * what a failure counts as: one that throws fails the run.
 */
export async function inBatches<T, K extends string>(
  items: readonly T[],
  size: number,
  totals: Record<K, number>,
  fn: (item: T) => Promise<Readonly<Partial<Record<K, number>>>>,
): Promise<Record<K, number>> {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`batch size ${size} is not a positive whole number`);
  const sum = { ...totals };
  for (let i = 0; i < items.length; i += size) {
    const done = await Promise.all(items.slice(i, i + size).map(fn));
    for (const one of done) for (const key of Object.keys(one) as K[]) sum[key] += one[key] ?? 0;
  }
  return sum;
}
