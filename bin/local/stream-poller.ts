import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
} from '@aws-sdk/client-dynamodb-streams';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import {
  STREAM_CONSUMERS,
  streamFilterMatches,
  type StreamConsumerDefinition,
} from '../../functions/core/infrastructure';
import { sdkClient } from '../../functions/core/observability';
import { handlerOf, type FunctionModules } from './bundles';
import { invokeConsumer } from './consumer-usage';

type Consumer = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | undefined>;

/**
 * Time between reads of a shard, records or not, unless a read came back full (a backlog). Lambda
 * polls a shard about four times a second; a little more often here, so tests wait less, but never
 * back to back: the reads share DynamoDB Local with the requests (on AWS they do not).
 */
const POLL_MS = 100;
/** Records per read of a shard. */
const READ_LIMIT = 1_000;
/** How often new shards (DynamoDB Local rolls them over) are looked for. */
const DESCRIBE_EVERY_MS = 5_000;

interface ShardReader {
  iterator?: string;
  lastSequenceNumber?: string;
}

/**
 * Where a batch that spent its retries sits in the stream, as the event source mapping's on-failure destination
 * sends it to the stream-failures queue (the fields the replay reads; AWS adds a few more).
 */
export interface ParkedBatch {
  requestContext: { functionArn: string; condition: string; approximateInvokeCount: number };
  version: string;
  timestamp: string;
  DDBStreamBatchInfo: {
    shardId: string;
    startSequenceNumber: string;
    endSequenceNumber: string;
    batchSize: number;
    streamArn: string;
  };
}

/** The function a consumer runs as locally, named in its parked batches as AWS names the mapping's function. */
const localConsumerArn = (region: string, consumer: string) =>
  `arn:aws:lambda:${region}:000000000000:function:consumer-${consumer}`;

/**
 * Reads the table's stream and invokes each consumer of STREAM_CONSUMERS with the records its filter
 * lets through, in batches, shard by shard in order, as the event source mapping does on AWS: a
 * failed batch is retried from its earliest reported failure up to the consumer's retryAttempts,
 * then its records are skipped and their place parked in the stream-failures queue, as on AWS
 * (`npm run admin -- replay-stream-failures` runs the consumer on them again). Starts at
 * the stream's end, as a mapping created with StartingPosition LATEST does.
 */
export function startStreamPollers(
  tableName: string,
  endpoint: string,
  region: string,
  modules: FunctionModules,
  failuresQueueUrl: string,
): { stop(): Promise<void> } {
  const client = sdkClient(new DynamoDBClient({ endpoint, region }));
  const streams = sdkClient(new DynamoDBStreamsClient({ endpoint, region }));
  const sqs = sdkClient(new SQSClient({ region, useQueueUrlAsEndpoint: false }));
  const consumers = STREAM_CONSUMERS.map((definition) => ({
    definition,
    handler: handlerOf<Consumer>(modules, `functions/consumers/${definition.consumer}`),
  }));
  let running = true;

  const loop = (async () => {
    const streamArn = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table?.LatestStreamArn;
    if (!streamArn) throw new Error(`table ${tableName} has no stream`);
    const readers = new Map<string, ShardReader>();
    const finished = new Set<string>();
    const iteratorOf = async (
      shardId: string,
      type: 'LATEST' | 'TRIM_HORIZON' | 'AFTER_SEQUENCE_NUMBER',
      sequenceNumber?: string,
    ) =>
      (
        await streams.send(
          new GetShardIteratorCommand({
            StreamArn: streamArn,
            ShardId: shardId,
            ShardIteratorType: type,
            SequenceNumber: sequenceNumber,
          }),
        )
      ).ShardIterator;
    const discover = async (first: boolean) => {
      const shards =
        (await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }))).StreamDescription?.Shards ?? [];
      for (const shard of shards) {
        const id = shard.ShardId!;
        if (readers.has(id) || finished.has(id)) continue;
        const open = shard.SequenceNumberRange?.EndingSequenceNumber === undefined;
        // At start only the open shards, from their end; a shard that appears later is read whole.
        if (first && !open) {
          finished.add(id);
          continue;
        }
        readers.set(id, { iterator: await iteratorOf(id, first ? 'LATEST' : 'TRIM_HORIZON') });
      }
    };
    await discover(true);
    let describedAt = Date.now();
    while (running) {
      let backlog = false;
      for (const [shardId, reader] of readers) {
        try {
          reader.iterator ??= await iteratorOf(
            shardId,
            reader.lastSequenceNumber ? 'AFTER_SEQUENCE_NUMBER' : 'LATEST',
            reader.lastSequenceNumber,
          );
          const out = await streams.send(new GetRecordsCommand({ ShardIterator: reader.iterator, Limit: READ_LIMIT }));
          const records = (out.Records ?? []).map(lambdaRecord);
          backlog ||= records.length === READ_LIMIT;
          for (const { definition, handler } of consumers)
            await deliver(
              definition,
              handler,
              records.filter((record) => streamFilterMatches(definition, record)),
              (batch, attempts) =>
                park(definition, { streamArn, shardId, region, queueUrl: failuresQueueUrl, sqs }, batch, attempts),
            );
          if (records.length) reader.lastSequenceNumber = records[records.length - 1].dynamodb!.SequenceNumber;
          reader.iterator = out.NextShardIterator;
          if (!out.NextShardIterator) {
            readers.delete(shardId);
            finished.add(shardId);
            describedAt = 0;
          }
        } catch (error) {
          if (!running) break;
          console.error(`stream shard ${shardId}:`, error);
          reader.iterator = undefined;
          await sleep(500);
        }
      }
      if (Date.now() - describedAt >= DESCRIBE_EVERY_MS) {
        await discover(false).catch((error) => running && console.error('stream shards:', error));
        describedAt = Date.now();
      }
      if (!backlog) await sleep(POLL_MS);
    }
  })().catch((error) => console.error('stream poller stopped:', error));

  return {
    async stop() {
      running = false;
      await loop;
      client.destroy();
      streams.destroy();
      sqs.destroy();
    },
  };
}

async function deliver(
  definition: StreamConsumerDefinition,
  handler: Consumer,
  records: DynamoDBRecord[],
  giveUp: (batch: DynamoDBRecord[], attempts: number) => Promise<void>,
): Promise<void> {
  for (let i = 0; i < records.length; i += definition.batchSize) {
    let batch = records.slice(i, i + definition.batchSize);
    for (let attempt = 0; batch.length; attempt++) {
      const result = await invokeConsumer(definition.consumer, batch.length, () => handler({ Records: batch })).catch(
        (error: unknown) => {
          console.error(`stream consumer ${definition.consumer}:`, error);
          return { batchItemFailures: [{ itemIdentifier: batch[0].dynamodb!.SequenceNumber! }] };
        },
      );
      const failed = (result?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier);
      if (!failed.length) break;
      if (attempt >= definition.retryAttempts) {
        console.error(
          `stream consumer ${definition.consumer}: gave up on ${batch.length} records after ${attempt + 1} attempts`,
        );
        await giveUp(batch, attempt + 1);
        break;
      }
      const from = batch.findIndex((record) => failed.includes(record.dynamodb!.SequenceNumber!));
      batch = batch.slice(Math.max(0, from));
      await sleep(Math.min(2_000, 50 * 2 ** attempt));
    }
  }
}

/** Parks a batch's place in the stream-failures queue; if even that fails, its records are lost to the log only. */
async function park(
  definition: StreamConsumerDefinition,
  at: { streamArn: string; shardId: string; region: string; queueUrl: string; sqs: SQSClient },
  batch: DynamoDBRecord[],
  attempts: number,
): Promise<void> {
  const parked: ParkedBatch = {
    requestContext: {
      functionArn: localConsumerArn(at.region, definition.consumer),
      condition: 'RetryAttemptsExhausted',
      approximateInvokeCount: attempts,
    },
    version: '1.0',
    timestamp: new Date().toISOString(),
    DDBStreamBatchInfo: {
      shardId: at.shardId,
      startSequenceNumber: batch[0].dynamodb!.SequenceNumber!,
      endSequenceNumber: batch[batch.length - 1].dynamodb!.SequenceNumber!,
      batchSize: batch.length,
      streamArn: at.streamArn,
    },
  };
  await at.sqs
    .send(new SendMessageCommand({ QueueUrl: at.queueUrl, MessageBody: JSON.stringify(parked) }))
    .catch((error: unknown) =>
      console.error(`stream consumer ${definition.consumer}: could not park ${JSON.stringify(parked)}:`, error),
    );
}

/** The SDK's stream record in the shape Lambda passes to a function. */
export function lambdaRecord(record: _Record): DynamoDBRecord {
  const { ApproximateCreationDateTime, ...dynamodb } = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: record.awsRegion,
    dynamodb: {
      ...(dynamodb as DynamoDBRecord['dynamodb']),
      ApproximateCreationDateTime: ApproximateCreationDateTime
        ? ApproximateCreationDateTime.getTime() / 1000
        : undefined,
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
