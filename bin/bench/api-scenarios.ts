import { readBackWrites, type RecordedCall } from '../../functions/core/db/capacity';
import { lastCalls } from '../local/gateway';
import type { Seed } from '../local/seed';
import { benchMerchant, benchOrg, expectOk, type BenchResponse, type Call } from './client';
import { downstreamOf, type DownstreamFigure } from './downstream';
import { replayFloor } from './floor';
import { measure, percentile, round, type Measurement } from './measure';

export interface ApiFigure extends Measurement {
  /** Items written per call (the rate limiter's counter included), condition checks aside. */
  writes: number;
  readUnits: number;
  /**
   * Write units per call as DynamoDB bills them, from each item read back after the call (core/db/capacity.ts
   * `readBackWrites`), the global secondary indexes' included (`gsiWriteUnits`).
   */
  writeUnits: number;
  gsiWriteUnits: number;
  /** Median serial DynamoDB round trips per call (calls started while none of the request's others was in flight). */
  serialRoundTrips: number;
  /** Median time in the group's handler (what Lambda would bill), ms. */
  handlerP50Ms: number;
  /**
   * Concurrency 1: the same calls of sampled requests replayed straight to DynamoDB Local, round trip by round trip;
   * p50 ms.
   */
  floorP50Ms?: number;
}

/** Writes landing on the busiest balance item of one merchant's settlement wallet while the pay scenario ran. */
export interface HotAccountFigure {
  concurrency: number;
  paysPerSecond: number;
  shards: number;
  /** The busiest shard's credits per second: what DynamoDB's per-item write limit meets. */
  busiestItemWritesPerSecond: number;
  /** The same pays on one unsharded balance item (every pay credits it). */
  unshardedItemWritesPerSecond: number;
}

const nzd = (amount: string) => ({ currency: 'NZD', amount });
const PAY_AMOUNT = 1000n;

/** Credits per balance item of a wallet (its balance per item over the pay amount). */
async function creditsPerItem(assetId: string): Promise<Map<string, bigint>> {
  const { readBalanceItems } = await import('../../functions/core/ledger/transfers');
  const { items } = await readBalanceItems(assetId);
  return new Map(items.map((i) => [i.key.SK, i.balance / PAY_AMOUNT]));
}

/**
 * Fresh accounts for the bench: a test merchant with a config, `payers` funded test wallets, and a live merchant with a
 * config. Only test money can be paid locally (the simulated bank moves no live money), so pays and refunds run on the
 * test merchant; creates run on the live one, because a test account's request also leaves its test clock an alarm
 * (core/test-clock/alarms.ts), an item a live merchant's request, what production takes, does not write.
 */
async function fixtures(call: Call, seed: Seed, payers: number) {
  const operator = seed.operatorApiKey;
  const { owner, merchantId } = await benchMerchant(call, operator, 'Bench Cafe');
  const config = await expectOk<{ id: string; paymentOptions: { walletId: string }[] }>(
    call('POST', `/api/merchants/${merchantId}/configs`, owner.key, { paymentOptions: [{ type: 'svc.nzd.test' }] }),
    'config',
  );
  const live = await benchMerchant(call, operator, 'Bench Live Cafe', false);
  const liveConfig = await expectOk<{ id: string }>(
    call('POST', `/api/merchants/${live.merchantId}/configs`, live.owner.key, {
      paymentOptions: [{ type: 'svc.nzd.main' }],
    }),
    'live config',
  );
  const wallets = [];
  for (let i = 0; i < payers; i++) {
    const payer = await benchOrg(call, operator, `Bench payer ${i}`);
    const wallet = await expectOk(
      call('POST', '/api/wallet-assets', payer.key, { accountId: payer.accountId, ledgerId: 'svc.nzd.test' }),
      'wallet',
    );
    await expectOk(
      call('POST', `/api/wallet-assets/${wallet.id}/test-topups`, payer.key, {
        value: nzd('9000000'),
        idempotencyKey: 'bench',
      }),
      'topup',
    );
    wallets.push({ ...payer, walletId: wallet.id });
  }
  return {
    owner,
    merchantId,
    configId: config.id,
    settlementWalletId: config.paymentOptions[0].walletId,
    wallets,
    live: { owner: live.owner, configId: liveConfig.id },
  };
}

/**
 * Runs `pass` with the gateway's per-request measurement off (the gateway reads TRACK_CONSUMED_CAPACITY per request).
 */
async function withoutMeasurement<T>(pass: () => Promise<T>): Promise<T> {
  process.env.TRACK_CONSUMED_CAPACITY = '0';
  try {
    return await pass();
  } finally {
    process.env.TRACK_CONSUMED_CAPACITY = '1';
  }
}

/**
 * Calls of each operation run first and discarded: Node's JIT and DynamoDB Local's JVM warm on them,
 * as both are warm when the floor's replays run (last), so the ratio compares like with like.
 */
export const WARM_UP_CALLS = 50;

/** Requests per operation (the last of its concurrency-1 run) whose DynamoDB calls are replayed for the floor. */
const FLOOR_SAMPLES = 40;

/** Flows whose consumers' work is measured (after as many discarded), at concurrency 1. */
const DOWNSTREAM_FLOWS = 100;
/**
 * Their payment requests expire this soon (the shortest expiry allowed), so that each expiry timer is handled within
 * the measurement.
 */
const DOWNSTREAM_EXPIRY_SECONDS = 10;

/**
 * The API operations of the bench at each concurrency, with consumed capacity per call, and what a create + pay + get
 * sets off.
 */
export async function apiScenarios(
  call: Call,
  seed: Seed,
  ops: number,
  concurrencies: number[],
): Promise<{ figures: ApiFigure[]; hot: HotAccountFigure[]; downstream: DownstreamFigure }> {
  const maxWorkers = Math.max(...concurrencies);
  const warmUp = Math.min(WARM_UP_CALLS, ops);
  const f = await fixtures(call, seed, maxWorkers);
  const create = (value = '1000') =>
    expectOk(call('POST', '/api/payment-requests', f.owner.key, { configId: f.configId, value: nzd(value) }), 'create');
  // First, while no earlier request's timer can fall due among the flows' own.
  const payer = f.wallets[0];
  const downstream = await downstreamOf(
    DOWNSTREAM_FLOWS,
    DOWNSTREAM_FLOWS,
    (DOWNSTREAM_EXPIRY_SECONDS + 2) * 1000,
    async (i) => {
      const pr = await expectOk(
        call('POST', '/api/payment-requests', f.owner.key, {
          configId: f.configId,
          value: nzd('1000'),
          expirySeconds: DOWNSTREAM_EXPIRY_SECONDS,
        }),
        'flow create',
      );
      await expectOk(
        call('POST', `/api/payment-requests/${pr.id}/pay`, payer.key, {
          assetType: 'svc.nzd.test',
          assetId: payer.walletId,
          idempotencyKey: `bench-flow-${i}`,
        }),
        'flow pay',
      );
      await expectOk(call('GET', `/api/payment-requests/${pr.id}`, f.owner.key), 'flow get');
    },
  );
  const figures: ApiFigure[] = [];
  const hot: HotAccountFigure[] = [];
  // The floors' replays commit writes again (floor.ts): they run once every figure that reads balances is taken.
  const floors: { figure: ApiFigure; sampled: RecordedCall[][] }[] = [];

  /**
   * The warm-up (indexes `2 × ops` on, discarded), the latency pass (the gateway's measurement off),
   * then the measured pass: as many calls again, indexes `ops` on, for capacity, round trips, handler
   * time and the floor's samples. `latencyPass` may wrap the second.
   */
  const run = async (
    name: string,
    concurrency: number,
    op: (i: number, worker: number) => Promise<BenchResponse>,
    latencyPass: (pass: () => Promise<Measurement>) => Promise<Measurement> = (pass) => pass(),
  ) => {
    let read = 0;
    let write = 0;
    let items = 0;
    let gsi = 0;
    const roundTrips: number[] = [];
    const handlerMs: number[] = [];
    const sampled: RecordedCall[][] = [];
    await withoutMeasurement(() =>
      measure(`${name} (warm-up)`, concurrency, warmUp, async (i, worker) => void (await op(2 * ops + i, worker))),
    );
    const latency = await latencyPass(() =>
      withoutMeasurement(() => measure(name, concurrency, ops, async (i, worker) => void (await op(i, worker)))),
    );
    const m = await measure(name, concurrency, ops, async (i, worker) => {
      const res = await op(ops + i, worker);
      // The request's calls, kept by the gateway: its writes are read back now, before a later call changes them.
      const calls = (res.requestId && lastCalls.get(res.requestId)) || [];
      const writes = await readBackWrites(calls);
      read += res.capacity.read;
      write += writes.writeUnits;
      items += writes.items;
      gsi += writes.gsiWriteUnits;
      roundTrips.push(res.measured.serialRoundTrips);
      handlerMs.push(res.measured.handlerMs);
      // The last requests' calls are replayed below for the floor.
      if (concurrency === 1 && i >= ops - FLOOR_SAMPLES && res.requestId) sampled.push(calls);
    });
    const figure: ApiFigure = {
      ...latency,
      writes: round(items / m.ops),
      readUnits: round(read / m.ops),
      writeUnits: round(write / m.ops),
      gsiWriteUnits: round(gsi / m.ops),
      serialRoundTrips: percentile(
        [...roundTrips].sort((a, b) => a - b),
        50,
      ),
      handlerP50Ms: round(
        percentile(
          [...handlerMs].sort((a, b) => a - b),
          50,
        ),
      ),
    };
    figures.push(figure);
    if (sampled.length) floors.push({ figure, sampled });
  };
  const ok = async (response: ReturnType<Call>, what: string) => {
    const res = await response;
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  };

  for (const concurrency of concurrencies) {
    await run('create payment request', concurrency, () =>
      ok(
        call('POST', '/api/payment-requests', f.live.owner.key, { configId: f.live.configId, value: nzd('1000') }),
        'create',
      ),
    );
    const readable = await create();
    await run('get payment request', concurrency, () =>
      ok(call('GET', `/api/payment-requests/${readable.id}`, f.owner.key), 'get'),
    );

    const unpaid: { id: string }[] = [];
    for (let i = 0; i < 2 * ops + warmUp; i++) unpaid.push(await create());
    let before = new Map<string, bigint>();
    let after = new Map<string, bigint>();
    await run(
      'pay',
      concurrency,
      (i, worker) => {
        const payer = f.wallets[worker];
        return ok(
          call('POST', `/api/payment-requests/${unpaid[i].id}/pay`, payer.key, {
            assetType: 'svc.nzd.test',
            assetId: payer.walletId,
            idempotencyKey: `bench-${concurrency}-${i}`,
          }),
          'pay',
        );
      },
      async (pass) => {
        before = await creditsPerItem(f.settlementWalletId);
        const measured = await pass();
        after = await creditsPerItem(f.settlementWalletId);
        return measured;
      },
    );
    const payRun = figures[figures.length - 1];
    const seconds = payRun.ops / payRun.opsPerSecond;
    const busiest = Math.max(...[...after].map(([sk, n]) => Number(n - (before.get(sk) ?? 0n))));
    hot.push({
      concurrency,
      paysPerSecond: payRun.opsPerSecond,
      shards: after.size - 1,
      busiestItemWritesPerSecond: round(busiest / seconds),
      unshardedItemWritesPerSecond: payRun.opsPerSecond,
    });

    // One paid request per worker, refunded a cent at a time: no two workers contend for one request.
    const paid: { id: string }[] = [];
    for (let w = 0; w < concurrency; w++) {
      const pr = await create('99999');
      const payer = f.wallets[w];
      await expectOk(
        call('POST', `/api/payment-requests/${pr.id}/pay`, payer.key, {
          assetType: 'svc.nzd.test',
          assetId: payer.walletId,
          idempotencyKey: `bench-refundable-${concurrency}-${w}`,
        }),
        'pay',
      );
      paid.push(pr);
    }
    await run('refund', concurrency, (i, worker) =>
      ok(
        call('POST', `/api/payment-requests/${paid[worker].id}/refund`, f.owner.key, {
          value: nzd('1'),
          externalRef: `bench-${concurrency}-${i}`,
        }),
        'refund',
      ),
    );
    await run('list merchants (one page)', concurrency, () =>
      ok(call('GET', `/api/accounts/${f.owner.accountId}/merchants?paginationLimit=50`, f.owner.key), 'list'),
    );
  }
  for (const { figure, sampled } of floors) figure.floorP50Ms = await replayFloor(sampled);
  return { figures, hot, downstream };
}
