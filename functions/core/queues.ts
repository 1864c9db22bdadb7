import { createHash } from 'node:crypto';
import { AwsService, configuredEndpoint, regionalHost } from './aws-request';
import { deadLetterQueueUrlVariable, queueUrlVariable } from './infrastructure';

/** SQS delays messages by at most 15 minutes; longer waits are re-delayed by their consumer. */
const MAX_DELAY_SECONDS = 900;

/** SQS takes at most 10 messages a batch, and at most 256 KiB of bodies in all (what it takes of one message). */
const BATCH_SIZE = 10;
const BATCH_BYTES = 256 * 1024;

export interface OutgoingMessage {
  body: unknown;
  delaySeconds?: number;
}

/**
 * SQS's error code and message from an error answer: the query-compatible code it names in a header (what
 * client-sqs names its errors after), else the JSON body's type without its namespace.
 */
function errorOf(body: string, headers: Record<string, string>): { code?: string; message?: string } {
  let parsed: { __type?: string; message?: string; Message?: string } = {};
  try {
    parsed = JSON.parse(body);
  } catch {
    // Not JSON (a proxy's answer): the status names the error.
  }
  const code = headers['x-amzn-query-error']?.split(';')[0] ?? parsed.__type?.split('#').pop()?.split(':')[0];
  return { code, message: parsed.message ?? parsed.Message };
}

/**
 * SQS without client-sqs (core/aws-request.ts): the one operation the platform sends, SendMessageBatch, in the
 * JSON protocol client-sqs speaks, each message body's MD5 checked against SQS's answer as client-sqs checks it.
 * client-sqs was some 26 KiB of every bundle that sends to a queue.
 */
const sqs = new AwsService('sqs', 'SQS', errorOf);

export interface BatchEntry {
  Id: string;
  MessageBody: string;
  DelaySeconds?: number;
}

interface SendMessageBatchOutput {
  Successful?: { Id: string; MessageId: string; MD5OfMessageBody: string }[];
  Failed?: { Id: string; Code: string; Message?: string; SenderFault: boolean }[];
}

async function sendMessageBatch(queueUrl: string, entries: BatchEntry[]): Promise<SendMessageBatchOutput> {
  const input = { QueueUrl: queueUrl, Entries: entries };
  const url = configuredEndpoint('SQS') ?? { protocol: 'https:', hostname: regionalHost('sqs'), path: '' };
  const answer = await sqs.send({
    operation: 'SendMessageBatch',
    input,
    method: 'POST',
    url: { ...url, path: `${url.path}/` },
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'AmazonSQS.SendMessageBatch',
      'x-amzn-query-mode': 'true',
    },
    body: JSON.stringify(input),
  });
  const output = JSON.parse(answer.body.toString('utf8')) as SendMessageBatchOutput;
  const sent = new Map(entries.map((entry) => [entry.Id, entry.MessageBody]));
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  const corrupted = (output.Successful ?? []).filter(
    (entry) => entry.MD5OfMessageBody !== md5(sent.get(entry.Id) ?? ''),
  );
  if (corrupted.length)
    throw new Error(`Invalid MD5 checksum on messages: ${corrupted.map((entry) => entry.MessageId).join(', ')}`);
  return output;
}

/**
 * A queue of core/infrastructure (or its dead-letter queue), addressed by the URL the stack or the local platform sets.
 */
function queueUrl(name: string, deadLetter: boolean): string {
  const variable = deadLetter ? deadLetterQueueUrlVariable(name) : queueUrlVariable(name);
  const url = process.env[variable];
  if (!url) throw new Error(`${variable} is not set`);
  return url;
}

/** Sends messages as JSON to a queue, in batches; any message SQS did not take is an error. */
export async function sendMessages(
  queue: string,
  messages: OutgoingMessage[],
  options: { deadLetter?: boolean } = {},
): Promise<void> {
  const url = queueUrl(queue, options.deadLetter === true);
  for (const batch of sendBatches(messages)) {
    const out = await sendMessageBatch(url, batch);
    if (out.Failed?.length)
      throw new Error(`queue ${queue}: ${out.Failed.length} of ${batch.length} messages not sent`);
  }
}

/**
 * Messages as SendMessageBatch entries, in batches SQS takes: at most BATCH_SIZE messages and BATCH_BYTES of bodies
 * each (a message over BATCH_BYTES alone goes alone, for SQS to refuse by name). Bodies are JSON with the two
 * characters SQS refuses though JSON allows them (U+FFFE, U+FFFF: text from a user's file) escaped, which reads back
 * the same.
 */
export function sendBatches(messages: readonly OutgoingMessage[]): BatchEntry[][] {
  const batches: BatchEntry[][] = [];
  let bytes = 0;
  for (const message of messages) {
    const body = JSON.stringify(message.body).replace(/[\uFFFE\uFFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
    const size = Buffer.byteLength(body);
    let batch = batches.at(-1);
    if (!batch || batch.length >= BATCH_SIZE || bytes + size > BATCH_BYTES) {
      batch = [];
      batches.push(batch);
      bytes = 0;
    }
    batch.push({
      Id: String(batch.length),
      MessageBody: body,
      ...(message.delaySeconds === undefined ? {} : { DelaySeconds: message.delaySeconds }),
    });
    bytes += size;
  }
  return batches;
}

/** The SQS delay that makes a message arrive at `at` (or, past SQS's limit, as late as it can). */
export function delaySecondsUntil(at: Date, now: Date, minimum = 0): number {
  return Math.min(MAX_DELAY_SECONDS, Math.max(minimum, Math.ceil((at.getTime() - now.getTime()) / 1000)));
}
