import {
  CreateQueueCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SQSClient,
  type Message,
} from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { startGateway, type Gateway } from '../../bin/local/gateway';
import { onDynamoDbClient } from '../../functions/core/db/client';
import { batchLockEntity } from '../../functions/batches/entities';
import { handler } from '../../functions/consumers/batches';
import { api, FORBIDDEN, newAccount } from '../support/api';
import {
  company,
  onboardCsv,
  onboardedIds,
  onboardReferences,
  onboardRow,
  uploadBatchFile,
  type OnboardRow,
} from '../support/batches';
import { ok } from '../support/value';

/**
 * The batches consumer killed mid-chunk and its messages delivered again, twice at once and late:
 * the platform's handlers run in this worker behind their own gateway, sending to a queue of this
 * file's own, which the test delivers from by hand (as the event source mapping would), so it
 * decides when a delivery dies and which are repeated.
 */
jest.setTimeout(90_000);

/** After this many writes the consumer "dies": every DynamoDB call fails until it is restarted. */
let killAfterWrites: number | undefined;
let writes = 0;

/**
 * Holds the first counting of the first chunk until a second delivery of it has counted it: the
 * window in which two deliveries both found the chunk uncounted and both try to count it.
 */
let holdFirstCount: { held: boolean; release?: () => void } | undefined;
/** An attribute as the middleware meets it: marshalled (`{ S }`, `{ N }`) or still plain. */
type Attribute = { S?: string; N?: string } | string | number | undefined;
type Written = { TransactItems?: { Put?: { Item?: Record<string, Attribute> } }[] } | undefined;
const plain = (value: Attribute) => (value && typeof value === 'object' ? (value.S ?? value.N) : value);
const countsFirstChunk = (input: Written) =>
  (input?.TransactItems ?? []).some(
    (item) => plain(item.Put?.Item?.entity) === 'batch-chunk' && String(plain(item.Put?.Item?.chunk)) === '0',
  );

onDynamoDbClient((client) =>
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (killAfterWrites !== undefined && writes >= killAfterWrites)
        throw new Error('injected: the consumer was killed');
      if (holdFirstCount && countsFirstChunk(args.input as Written)) {
        const gate = holdFirstCount;
        if (!gate.held) {
          gate.held = true;
          await new Promise<void>((resolve) => {
            gate.release = resolve;
            setTimeout(resolve, 20_000);
          });
        } else {
          try {
            return await next(args);
          } finally {
            gate.release?.();
          }
        }
      }
      const out = await next(args);
      if (/Write|Put|Update|Delete/.test(context.commandName ?? '')) writes++;
      return out;
    },
    { step: 'initialize', name: 'killSwitch' },
  ),
);
jest.spyOn(console, 'error').mockImplementation(() => undefined);

let gateway: Gateway;
let sqs: SQSClient;
let queueUrl: string;
// Workers run other files after this one: the shared platform's address and queue are put back.
const shared = { PLATFORM_URL: process.env.PLATFORM_URL, QUEUE_URL_BATCHES: process.env.QUEUE_URL_BATCHES };

beforeAll(async () => {
  gateway = await startGateway({ port: 0 });
  process.env.PLATFORM_URL = gateway.url;
  sqs = new SQSClient({ useQueueUrlAsEndpoint: false });
  queueUrl = (
    await sqs.send(
      new CreateQueueCommand({ QueueName: `batches-redelivery-${Date.now()}`, Attributes: { VisibilityTimeout: '0' } }),
    )
  ).QueueUrl!;
  process.env.QUEUE_URL_BATCHES = queueUrl;
});
afterAll(async () => {
  Object.assign(process.env, shared);
  await gateway?.stop();
  sqs?.destroy();
});

/** Every message now on this file's queue, taken off it. */
async function drain(): Promise<Message[]> {
  const taken: Message[] = [];
  for (let empty = 0; empty < 2; ) {
    const out = await sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
    );
    if (!out.Messages?.length) {
      empty++;
      continue;
    }
    for (const message of out.Messages)
      await sqs.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle! }));
    taken.push(...out.Messages);
  }
  return taken;
}

/** Delivers the messages in one event; answers the ids the consumer reported failed. */
async function deliver(messages: Message[]): Promise<string[]> {
  const event = {
    Records: messages.map((m, i) => ({ messageId: `${m.MessageId}-${i}`, body: m.Body! })),
  } as unknown as SQSEvent;
  const result = await handler(event);
  return result.batchItemFailures.map((f) => f.itemIdentifier);
}

it(
  'a chunk killed half-way and delivered again (twice at once, then late) creates nothing twice and is counted ' +
    'once',
  async () => {
    const [owner, refs] = await Promise.all([newAccount(), onboardReferences()]);
    const run = Date.now().toString(36);
    const rows: OnboardRow[] = Array.from({ length: 300 }, (_, i) => onboardRow(`${run}-${i}`, refs));
    rows[260] = onboardRow(`${run}-260`, refs, { nzbn: company(15).nzbn });
    rows[100] = onboardRow(`${run}-100`, refs, { categoryCode: '12' });
    rows[280] = onboardRow(`${run}-280`, refs, { nzbn: '9999999999999' });
    const url = await uploadBatchFile(owner, onboardCsv(rows));
    const batch = await ok(
      api('POST', '/api/batches', {
        key: owner.apiKey,
        body: { type: 'business-onboard', url, accountId: owner.accountId },
      }),
    );

    expect(await deliver(await drain())).toEqual([]);
    const chunks = await drain();
    expect(chunks.map((m) => JSON.parse(m.Body!).chunk).sort()).toEqual([0, 1]);
    const [first, second] = chunks.sort((a, b) => JSON.parse(a.Body!).chunk - JSON.parse(b.Body!).chunk);

    // The first chunk dies after some of its records' writes went through.
    writes = 0;
    killAfterWrites = 4;
    expect(await deliver([first])).toHaveLength(1);
    killAfterWrites = undefined;
    expect(writes).toBeGreaterThan(0);
    expect(await ok(api('GET', `/api/batches/${batch.id}`, { key: owner.apiKey }))).toMatchObject({
      status: 'chunked',
      count: '0',
    });

    // Restarted: the dead chunk arrives twice at once beside the other, both deliveries finding it
    // uncounted and the first to count waiting until the second has; whatever fails is delivered again.
    holdFirstCount = { held: false };
    let pending = [first, first, second];
    for (let round = 0; pending.length && round < 5; round++) {
      const failed = new Set(await deliver(pending));
      pending = pending.filter((m, i) => failed.has(`${m.MessageId}-${i}`));
    }
    expect(pending).toEqual([]);
    expect(holdFirstCount.held).toBe(true);
    holdFirstCount = undefined;
    // A late repeat changes nothing.
    expect(await deliver([second, first])).toEqual([]);

    const done = await ok(api('GET', `/api/batches/${batch.id}`, { key: owner.apiKey }));
    expect(done).toMatchObject({
      status: 'complete',
      count: '300',
      errorCount: '2',
      errors: [
        { index: '100', externalId: `eb-${run}-100`, message: 'categoryCode must be 4 digits' },
        { index: '280', externalId: `eb-${run}-280`, message: 'INVALID_NZBN' },
      ],
    });

    // Every good record of the chunk that died and came twice made exactly one merchant (and a business), under the ids
    // it derives.
    const good = rows
      .slice(0, 250)
      .map((_, i) => i)
      .filter((i) => i !== 100);
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < good.length) {
          const index = good[next++];
          const ids = onboardedIds(batch.id, index);
          const merchants = await ok(api('GET', `/api/accounts/${ids.accountId}/merchants`, { key: owner.apiKey }));
          expect(merchants.items.map((m: { id: string }) => m.id)).toEqual([ids.merchantId]);
          if (index % 25 === 0)
            expect((await ok(api('GET', `/api/accounts/${ids.accountId}/business`, { key: owner.apiKey }))).id).toBe(
              ids.businessId,
            );
        }
      }),
    );
    expect(
      (await ok(api('GET', `/api/accounts/${onboardedIds(batch.id, 260).accountId}/business`, { key: owner.apiKey })))
        .nzbn,
    ).toBe(company(15).nzbn);
  },
);

it("a chunk whose account's lock another batch took (its lease ran out) waits for it, writing nothing", async () => {
  const [owner, refs] = await Promise.all([newAccount(), onboardReferences()]);
  const run = Date.now().toString(36);
  const url = await uploadBatchFile(owner, onboardCsv([0, 1, 2].map((i) => onboardRow(`${run}-${i}`, refs))));
  const batch = await ok(
    api('POST', '/api/batches', {
      key: owner.apiKey,
      body: { type: 'business-onboard', url, accountId: owner.accountId },
    }),
  );
  expect(await deliver(await drain())).toEqual([]);
  const [chunk] = await drain();

  // Another batch of the account holds the lock, as it may once this one's lease ran out.
  await batchLockEntity.put({ accountId: owner.accountId, batchId: 'another-batch', expiresAt: Date.now() + 60_000 });
  expect(await deliver([chunk])).toEqual([]);
  const merchants = (index: number) =>
    api('GET', `/api/accounts/${onboardedIds(batch.id, index).accountId}/merchants`, { key: owner.apiKey });
  expect((await merchants(0)).body).toEqual(FORBIDDEN);
  // The chunk was queued again, a little later.
  let again: Message[] = [];
  for (const until = Date.now() + 15_000; !again.length && Date.now() < until; ) again = await drain();
  expect(again.map((m) => JSON.parse(m.Body!))).toEqual([JSON.parse(chunk.Body!)]);

  // That batch done, its lock freed: the chunk runs and completes the batch.
  await batchLockEntity.remove([owner.accountId]);
  expect(await deliver(again)).toEqual([]);
  expect(await ok(api('GET', `/api/batches/${batch.id}`, { key: owner.apiKey }))).toMatchObject({
    status: 'complete',
    count: '3',
    errorCount: '0',
  });
  expect((await merchants(2)).status).toBe(200);
});
