import {
  type DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { DeleteMessageCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { type StreamConsumerDefinition, streamFilterMatches } from '../../functions/core/infrastructure';
import { lambdaRecord, type ParkedBatch } from '../local/stream-poller';

/** Reads of a shard one parked range may take (an AWS shard may answer empty pages before its records). */
const MAX_READS_PER_RANGE = 100;
/** While a replay runs on a message no other replay sees it; one kept comes back after this. */
const VISIBILITY_SECONDS = 300;
const SEQUENCE_NUMBER = /^[0-9]{1,64}$/;

export interface ReplayOptions {
  sqs: SQSClient;
  streams: DynamoDBStreamsClient;
  /** The stream-failures queue. */
  queueUrl: string;
  /** The stream consumer a parked batch's function runs, if it is one. */
  consumerOf(functionArn: string): Promise<StreamConsumerDefinition | undefined>;
  /** Runs that consumer (the function that failed) on records, as its event source mapping does. */
  run(
    definition: StreamConsumerDefinition,
    functionArn: string,
    event: DynamoDBStreamEvent,
  ): Promise<DynamoDBBatchResponse | undefined>;
  /** Messages one replay takes at most. */
  limit: number;
}

export interface ReplayOutcome {
  /** Parked batches the consumer has now processed; their messages are deleted. */
  replayed: number;
  /** Stream records handed to the consumers. */
  records: number;
  /** Messages left on the queue, and why: they come back for a later replay. */
  kept: { messageId: string; reason: string }[];
}

/**
 * Replays the batches parked in the stream-failures queue: each message names a consumer's function, a shard and the
 * sequence-number range of a batch that spent its retries; the range is read from the stream again (the stream keeps
 * records 24 hours), the consumer runs on the records its filter lets through, and the message is deleted only when
 * every record was processed. Consumers are idempotent, so a range replayed twice counts once.
 */
export async function replayStreamFailures(options: ReplayOptions): Promise<ReplayOutcome> {
  const outcome: ReplayOutcome = { replayed: 0, records: 0, kept: [] };
  let taken = 0;
  while (taken < options.limit) {
    const { Messages: messages = [] } = await options.sqs.send(
      new ReceiveMessageCommand({
        QueueUrl: options.queueUrl,
        MaxNumberOfMessages: Math.min(10, options.limit - taken),
        VisibilityTimeout: VISIBILITY_SECONDS,
        WaitTimeSeconds: 1,
      }),
    );
    if (!messages.length) break;
    taken += messages.length;
    for (const message of messages) {
      const messageId = message.MessageId ?? '';
      try {
        outcome.records += await replayOne(options, message.Body ?? '');
      } catch (error) {
        outcome.kept.push({ messageId, reason: error instanceof Error ? error.message : String(error) });
        continue;
      }
      await options.sqs.send(
        new DeleteMessageCommand({ QueueUrl: options.queueUrl, ReceiptHandle: message.ReceiptHandle }),
      );
      outcome.replayed++;
    }
  }
  return outcome;
}

/** Runs the consumer on one parked range; answers how many records it was given, or throws why it could not. */
async function replayOne(options: ReplayOptions, body: string): Promise<number> {
  const parked = parse(body);
  const { functionArn } = parked.requestContext;
  const definition = await options.consumerOf(functionArn);
  if (!definition) throw new Error(`${functionArn} is not a stream consumer's function`);
  const records = (await rangeOf(options.streams, parked.DDBStreamBatchInfo)).filter((record) =>
    streamFilterMatches(definition, record),
  );
  for (let i = 0; i < records.length; i += definition.batchSize) {
    const result = await options.run(definition, functionArn, { Records: records.slice(i, i + definition.batchSize) });
    const failed = result?.batchItemFailures ?? [];
    if (failed.length) throw new Error(`${definition.consumer} failed again from record ${failed[0].itemIdentifier}`);
  }
  return records.length;
}

function parse(body: string): ParkedBatch {
  let parsed: Partial<ParkedBatch>;
  try {
    parsed = JSON.parse(body) as Partial<ParkedBatch>;
  } catch {
    throw new Error('not a parked stream batch: not JSON');
  }
  const info = parsed?.DDBStreamBatchInfo;
  const functionArn = parsed?.requestContext?.functionArn;
  const bounded = (value: unknown, max: number) => typeof value === 'string' && value.length > 0 && value.length <= max;
  if (
    !bounded(functionArn, 200) ||
    !bounded(info?.shardId, 100) ||
    !bounded(info?.streamArn, 300) ||
    !SEQUENCE_NUMBER.test(info?.startSequenceNumber ?? '') ||
    !SEQUENCE_NUMBER.test(info?.endSequenceNumber ?? '')
  )
    throw new Error('not a parked stream batch: no function, shard or sequence-number range');
  return parsed as ParkedBatch;
}

/** The shard's records from the start to the end sequence number, both included. */
async function rangeOf(
  streams: DynamoDBStreamsClient,
  info: ParkedBatch['DDBStreamBatchInfo'],
): Promise<DynamoDBRecord[]> {
  const end = BigInt(info.endSequenceNumber);
  let iterator = (
    await streams.send(
      new GetShardIteratorCommand({
        StreamArn: info.streamArn,
        ShardId: info.shardId,
        ShardIteratorType: 'AT_SEQUENCE_NUMBER',
        SequenceNumber: info.startSequenceNumber,
      }),
    )
  ).ShardIterator;
  const records: DynamoDBRecord[] = [];
  for (let reads = 0; iterator && reads < MAX_READS_PER_RANGE; reads++) {
    const page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1_000 }));
    for (const record of page.Records ?? []) {
      const sequenceNumber = BigInt(record.dynamodb?.SequenceNumber ?? '0');
      if (sequenceNumber > end) return records;
      records.push(lambdaRecord(record));
      if (sequenceNumber === end) return records;
    }
    iterator = page.NextShardIterator;
  }
  throw new Error(`the stream no longer holds ${info.shardId} up to ${info.endSequenceNumber}`);
}
