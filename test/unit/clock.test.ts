import { accountNow, ownerNow, readingOf } from '../../functions/core/clock';

/** Without LOCAL_TEST_CLOCK (a deployed stack) no platform offset is read: these need no table. */
describe('account clocks', () => {
  const saved = process.env.LOCAL_TEST_CLOCK;
  beforeAll(() => delete process.env.LOCAL_TEST_CLOCK);
  afterAll(() => {
    if (saved === undefined) delete process.env.LOCAL_TEST_CLOCK;
    else process.env.LOCAL_TEST_CLOCK = saved;
  });

  it("runs a test account's clock ahead by its offset; a live account never has one", async () => {
    const before = Date.now();
    const test = await accountNow({ id: 'acct-test', test: true, testClockOffsetSeconds: 3600 });
    const live = await accountNow({ id: 'acct-live', testClockOffsetSeconds: 3600 });
    const platform = await accountNow();
    expect(test.getTime() - before).toBeGreaterThanOrEqual(3600_000);
    expect(test.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
    expect(live.getTime() - before).toBeLessThan(1_000);
    expect(platform.getTime() - before).toBeLessThan(1_000);
    // Only a test account's clock can move on a deployed stack: only its timers leave alarms.
    expect([readingOf(test), readingOf(live), readingOf(platform)]).toEqual([
      { accountId: 'acct-test', advanceable: true },
      { accountId: 'acct-live', advanceable: false },
      { accountId: undefined, advanceable: false },
    ]);
    expect(readingOf(new Date())).toBeUndefined();
  });

  it("judges a resource on its owner's clock, reading the owner only when the time is another account's", async () => {
    const owner = { id: 'merchant', test: true, testClockOffsetSeconds: 86_400 };
    const find = jest.fn(async (id: string) => (id === owner.id ? owner : undefined));
    const ownersOwn = await accountNow(owner);
    expect(await ownerNow('merchant', ownersOwn, find)).toBe(ownersOwn);
    expect(find).not.toHaveBeenCalled();

    const payers = await accountNow({ id: 'payer', test: true });
    const judged = await ownerNow('merchant', payers, find);
    expect(find).toHaveBeenCalledWith('merchant');
    expect(judged.getTime() - payers.getTime()).toBeGreaterThanOrEqual(86_399_000);
    expect(readingOf(judged)?.accountId).toBe('merchant');
  });
});
