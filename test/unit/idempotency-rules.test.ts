import { createHash } from 'node:crypto';
import { db } from '../../functions/core/db/client';
import { idempotencyEntity } from '../../functions/core/db/keys';
import { TransactionConflictError, type TransactionStep } from '../../functions/core/db/transaction';
import { withWriteGate, type WriteGate } from '../../functions/core/db/write-gate';
import {
  hashRequest,
  idempotent,
  optionallyIdempotent,
  type IdempotentCommand,
  type IdempotentContext,
} from '../../functions/core/idempotency';
import { derivedId } from '../../functions/core/ids';
import { postedTransferEntity } from '../../functions/core/ledger/entities';
import { DuplicateTransferError } from '../../functions/core/ledger/transfers';
import { itemReadsThroughDocumentClient } from '../support/item-reads';

/**
 * The idempotency engine on its own (functions/core/idempotency.ts): the request hash, the scope
 * (account, operation, key) of its record and derived ids, and what a repeat answers. DynamoDB is
 * not reached: the client's `send` answers the record lookup from `stored`.
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const CMD: IdempotentCommand = {
  accountId: 'acc',
  operation: 'payPaymentRequest',
  key: 'k1',
  command: { amount: '5', id: 'pr' },
};

let stored: Record<string, unknown> | undefined;
let gets: Record<string, unknown>[];
beforeEach(() => {
  stored = undefined;
  gets = [];
  jest.spyOn(db(), 'send').mockImplementation((async (command: { input: Record<string, unknown> }) => {
    gets.push(command.input);
    return { Item: stored };
  }) as never);
  itemReadsThroughDocumentClient();
});
afterEach(() => jest.restoreAllMocks());

const record = (response: unknown, command: unknown = CMD.command, cmd = CMD) =>
  idempotencyEntity.item({
    accountId: cmd.accountId,
    operation: cmd.operation,
    clientKey: cmd.key,
    requestHash: hashRequest(command),
    response: JSON.stringify(response),
    createdAt: '2026-01-01T00:00:00.000Z',
  });

describe('hashRequest: canonical JSON, hashed', () => {
  it('sorts keys at every depth, drops undefined fields, writes bigints as strings and keeps array order', () => {
    expect(hashRequest({ b: 1, a: [2n, null, 'x', { d: undefined, c: true }] })).toBe(
      sha256('{"a":["2",null,"x",{"c":true}],"b":1}'),
    );
    expect(hashRequest({ a: 1, b: 2 })).toBe(hashRequest({ b: 2, a: 1 }));
    expect(hashRequest({ ab: 1, b: 2, a: 3 })).toBe(sha256('{"a":3,"ab":1,"b":2}'));
    expect(hashRequest([1, 2])).not.toBe(hashRequest([2, 1]));
    expect(hashRequest(undefined)).toBe(sha256('null'));
    expect(hashRequest(null)).toBe(sha256('null'));
    expect(hashRequest('x')).toBe(sha256('"x"'));
    expect(hashRequest({ 'a"b': 'c' })).toBe(sha256('{"a\\"b":"c"}'));
  });
});

describe('idempotent()', () => {
  it('a first command runs once; its record and derived ids are scoped by account, operation and key', async () => {
    const run = jest.fn(async (ctx: { derive: (l: string) => string; record: (r: unknown) => TransactionStep }) => {
      expect(ctx.derive('transfer')).toBe(derivedId(undefined, 'acc', 'payPaymentRequest', 'k1', 'transfer'));
      const step = ctx.record({ ok: 1 });
      const ttl = Math.floor(Date.now() / 1000) + 90 * 24 * 3600;
      expect(step.item.Put!.TableName).toBe('payments');
      expect(step.item.Put!.ConditionExpression).toBe('attribute_not_exists(PK)');
      expect(step.item.Put!.Item).toMatchObject({
        ...idempotencyEntity.key('acc', 'payPaymentRequest', 'k1'),
        accountId: 'acc',
        operation: 'payPaymentRequest',
        clientKey: 'k1',
        requestHash: hashRequest(CMD.command),
        response: '{"ok":1}',
      });
      expect(Math.abs(step.item.Put!.Item!.ttl - ttl)).toBeLessThanOrEqual(1);
      expect(Math.abs(Date.parse(step.item.Put!.Item!.createdAt) - Date.now())).toBeLessThan(5_000);
      expect((step.onConditionFailed!(undefined) as Error).message).toBe('idempotency record written concurrently');
      return 'done';
    });
    expect(await idempotent(CMD, run)).toEqual({ response: 'done', replayed: false });
    expect(run).toHaveBeenCalledTimes(1);
    expect(gets).toEqual([
      { TableName: 'payments', Key: idempotencyEntity.key('acc', 'payPaymentRequest', 'k1'), ConsistentRead: true },
    ]);
  });

  it('a repeat of the same command answers the stored response without running', async () => {
    stored = record({ paid: true });
    const run = jest.fn();
    expect(await idempotent(CMD, run)).toEqual({ response: { paid: true }, replayed: true });
    expect(run).not.toHaveBeenCalled();
  });

  it('the same key with another command is refused with the operation’s code', async () => {
    stored = record({ paid: true }, { other: true });
    await expect(idempotent(CMD, jest.fn())).rejects.toThrow('IDEMPOTENT_OPERATION_FAILED');
    await expect(idempotent({ ...CMD, mismatchCode: 'REPEAT_REFERENCE' }, jest.fn())).rejects.toThrow(
      'REPEAT_REFERENCE',
    );
  });

  it('retries a conflicting run', async () => {
    const run = jest.fn().mockRejectedValueOnce(new TransactionConflictError()).mockResolvedValue('second');
    expect(await idempotent(CMD, run)).toEqual({ response: 'second', replayed: false });
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('a run that lost to a concurrent duplicate answers the winner’s stored response', async () => {
    const run = jest.fn(async () => {
      stored = record('winner');
      throw new DuplicateTransferError('t');
    });
    expect(await idempotent(CMD, run)).toEqual({ response: 'winner', replayed: true });
    expect(gets).toHaveLength(2);
  });

  it('a lost duplicate without a stored winner is a bug; any other failure is the run’s own', async () => {
    await expect(idempotent(CMD, async () => Promise.reject(new DuplicateTransferError('t')))).rejects.toThrow(
      'duplicate without a stored response',
    );
    const concurrent = async (ctx: IdempotentContext<unknown>) =>
      Promise.reject(ctx.record('x').onConditionFailed!(undefined));
    await expect(idempotent(CMD, concurrent)).rejects.toThrow('duplicate without a stored response');
    await expect(idempotent(CMD, async () => Promise.reject(new Error('INSUFFICIENT_ASSET_VALUE')))).rejects.toThrow(
      'INSUFFICIENT_ASSET_VALUE',
    );
  });

  describe('within a request’s write gate', () => {
    /** A run whose write waits, as the gated client makes it, for what the request's writes are held on. */
    const gatedRun = (gate: WriteGate) =>
      jest.fn(async () => {
        await Promise.all(gate.holds ?? []);
        return 'fresh';
      });

    it('looks the record up alongside the run: none found, the run’s writes go ahead', async () => {
      const gate: WriteGate = {};
      const run = gatedRun(gate);
      expect(await withWriteGate(gate, () => idempotent(CMD, run))).toEqual({ response: 'fresh', replayed: false });
      expect(gate.holds).toHaveLength(1);
    });

    it('a record found fails the run’s writes, and its stored response is answered', async () => {
      stored = record('before');
      const gate: WriteGate = {};
      const run = gatedRun(gate);
      expect(await withWriteGate(gate, () => idempotent(CMD, run))).toEqual({ response: 'before', replayed: true });
      expect(run).toHaveBeenCalledTimes(1);
    });

    it('a key reused for another command fails them with its code', async () => {
      stored = record('before', { other: true });
      const gate: WriteGate = {};
      await expect(withWriteGate(gate, () => idempotent(CMD, gatedRun(gate)))).rejects.toThrow(
        'IDEMPOTENT_OPERATION_FAILED',
      );
    });
  });
});

describe('idempotent() with the response kept on its transfer', () => {
  /** The response is the item at RESPONSE; the transfer derived from the scope's 'transfer' label has the receipt. */
  const RESPONSE = { PK: 'PR#pr', SK: 'ACTIVITY#1' };
  const kept = {
    transfer: 'transfer',
    keyOf: () => RESPONSE,
    parse: (item: Record<string, unknown>) => ({ paid: item.paid }),
  };
  const transferId = derivedId(undefined, 'acc', 'payPaymentRequest', 'k1', 'transfer');
  const transfer = (receipt: Record<string, string>) =>
    postedTransferEntity.item({
      txnId: transferId,
      kind: 'payment',
      debitAssetId: 'a',
      creditAssetId: 'b',
      amount: '5',
      currency: 'NZD',
      createdAt: '2026-01-01T00:00:00.000Z',
      ...receipt,
    } as never);
  const receiptOf = (command: unknown = CMD.command) => ({
    requestHash: hashRequest(command),
    responsePK: RESPONSE.PK,
    responseSK: RESPONSE.SK,
  });
  type Key = { PK: string; SK: string };
  /** Items by table key, answered to the batch reads the engine makes. */
  let items: Record<string, unknown>[];
  beforeEach(() => {
    items = [];
    type Read = { Key?: Key; RequestItems?: Record<string, { Keys: Key[] }> };
    jest.spyOn(db(), 'send').mockImplementation((async ({ input: { Key, RequestItems } }: { input: Read }) => {
      const keys = Key ? [Key] : Object.values(RequestItems!)[0].Keys;
      const found = items.filter((item) => keys.some((key) => key.PK === item.PK && key.SK === item.SK));
      return Key ? { Item: found[0] } : { Responses: { payments: found } };
    }) as never);
  });

  it('a first command runs with a receipt naming its response and the command’s hash', async () => {
    const run = jest.fn(async (ctx: IdempotentContext<{ paid: boolean }>) => {
      expect(ctx.receipt?.({ paid: true })).toEqual(receiptOf());
      return { paid: true };
    });
    expect(await idempotent(CMD, run, kept)).toEqual({ response: { paid: true }, replayed: false });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a repeat answers the response the receipt names, without running', async () => {
    items = [transfer(receiptOf()), { ...RESPONSE, paid: 'yes' }];
    const run = jest.fn();
    expect(await idempotent(CMD, run, kept)).toEqual({ response: { paid: 'yes' }, replayed: true });
    expect(run).not.toHaveBeenCalled();
  });

  it('the same key with another command is refused', async () => {
    items = [transfer(receiptOf({ other: true })), { ...RESPONSE, paid: 'yes' }];
    await expect(idempotent(CMD, jest.fn(), kept)).rejects.toThrow('IDEMPOTENT_OPERATION_FAILED');
  });

  it('a receipt naming no stored response is a bug', async () => {
    items = [transfer(receiptOf())];
    await expect(idempotent(CMD, jest.fn(), kept)).rejects.toThrow(`transfer ${transferId} names a response`);
  });

  it('a transfer without a receipt (or none) leaves the separate record to answer', async () => {
    items = [transfer({}), record({ paid: 'recorded' })];
    expect(await idempotent(CMD, jest.fn(), kept)).toEqual({ response: { paid: 'recorded' }, replayed: true });
    items = [transfer({ requestHash: hashRequest(CMD.command), responsePK: RESPONSE.PK })];
    const run = jest.fn(async () => ({ paid: true }));
    expect(await idempotent(CMD, run, kept)).toEqual({ response: { paid: true }, replayed: false });
  });
});

describe('optionallyIdempotent(): an Idempotency-Key header', () => {
  const cmd = { accountId: 'acc', operation: 'voidPaymentRequest', command: { id: 'pr' } };

  it('without one, the command runs every time with fresh ids and records nothing', async () => {
    const ids: string[] = [];
    const run = async (ctx: { derive: (l: string) => string; record?: unknown }) => {
      ids.push(ctx.derive('refund'), ctx.derive('refund'));
      expect(ctx.record).toBeUndefined();
      return 'voided';
    };
    expect(await optionallyIdempotent({}, cmd, run)).toEqual({ response: 'voided', replayed: false });
    expect(new Set(ids).size).toBe(2);
    expect(gets).toEqual([]);
    const conflicted = jest.fn().mockRejectedValueOnce(new TransactionConflictError()).mockResolvedValue('later');
    expect(await optionallyIdempotent({}, cmd, conflicted)).toEqual({ response: 'later', replayed: false });
  });

  it('with one of 1 to 255 characters, under the idempotency engine; else 400 naming the header', async () => {
    const longest = 'k'.repeat(255);
    expect(await optionallyIdempotent({ 'idempotency-key': longest }, cmd, async () => 'v')).toEqual({
      response: 'v',
      replayed: false,
    });
    expect(gets[0].Key).toEqual(idempotencyEntity.key('acc', 'voidPaymentRequest', longest));
    for (const bad of ['', 'k'.repeat(256)]) {
      await expect(
        (async () => optionallyIdempotent({ 'idempotency-key': bad }, cmd, async () => 'v'))(),
      ).rejects.toMatchObject({ statusCode: 400, message: 'Idempotency-Key must be 1 to 255 characters' });
    }
  });
});
