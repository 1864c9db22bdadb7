import { CONFLICT_RETRY_MS, retryOnConflict, TransactionConflictError } from '../../functions/core/db/transaction';

describe('retryOnConflict', () => {
  let clock = 0;
  beforeEach(() => {
    clock = 0;
    jest.spyOn(Date, 'now').mockImplementation(() => clock);
    // No jitter: each retry follows at once.
    jest.spyOn(Math, 'random').mockReturnValue(0);
  });
  afterEach(() => jest.restoreAllMocks());

  /** An operation whose every attempt takes `ms` and loses the race, until `winsAt` (if given). */
  function racing(ms: number, winsAt = Infinity) {
    let calls = 0;
    const run = async () => {
      calls++;
      clock += ms;
      if (calls < winsAt) throw new TransactionConflictError();
      return 'won';
    };
    return { run, calls: () => calls };
  }

  it('re-runs until an attempt wins', async () => {
    const op = racing(10, 5);
    await expect(retryOnConflict(op.run)).resolves.toBe('won');
    expect(op.calls()).toBe(5);
  });

  it('answers the conflict after 12 quick attempts', async () => {
    const op = racing(10);
    await expect(retryOnConflict(op.run)).rejects.toThrow(TransactionConflictError);
    expect(op.calls()).toBe(12);
  });

  const deadline = [
    `starts no attempt that would end past ${CONFLICT_RETRY_MS} ms:`,
    'slow attempts answer the conflict in time',
  ].join(' ');
  it(deadline, async () => {
    const op = racing(CONFLICT_RETRY_MS * 0.4);
    await expect(retryOnConflict(op.run)).rejects.toThrow(TransactionConflictError);
    // 0.4 + 0.4 of the budget, then a third would end at 1.2 of it.
    expect(op.calls()).toBe(2);
    expect(clock).toBeLessThan(CONFLICT_RETRY_MS);
  });

  it('never retries other errors', async () => {
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('boom');
    };
    await expect(retryOnConflict(failing)).rejects.toThrow('boom');
    expect(calls).toBe(1);
  });
});
