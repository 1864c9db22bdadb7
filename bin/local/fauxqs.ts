import net from 'node:net';
import {
  BUCKET,
  QUEUES,
  STREAM_FAILURES,
  deadLetterQueueName,
  deadLetterQueueUrlVariable,
  queueUrlVariable,
} from '../../functions/core/infrastructure';

export interface LocalMessaging {
  endpoint: string;
  /** Environment variables naming each queue URL, dead-letter queue URL and the bucket, as the stack sets them. */
  environment: Record<string, string>;
  queueUrls: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * fauxqs listens on 0.0.0.0 unconditionally; this platform binds to loopback only, so the one
 * listen call made while starting it is redirected to 127.0.0.1.
 */
async function withLoopbackListen<T>(start: () => Promise<T>): Promise<T> {
  const original = net.Server.prototype.listen;
  net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
    const [first] = args;
    if (first && typeof first === 'object' && (first as net.ListenOptions).host === '0.0.0.0') {
      args[0] = { ...(first as net.ListenOptions), host: '127.0.0.1' };
    }
    return original.apply(this, args as Parameters<typeof original>);
  } as typeof original;
  try {
    return await start();
  } finally {
    net.Server.prototype.listen = original;
  }
}

/**
 * fauxqs is ESM-only and this code is compiled to CommonJS, where TypeScript and ts-jest would
 * turn `import()` into `require()`; a Function keeps the native dynamic import.
 */
const importEsm = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

/** Starts the SQS/S3 emulator in-process and creates the queues (each with its DLQ) and the bucket. */
export async function startMessaging(options: { port: number; region: string }): Promise<LocalMessaging> {
  const { startFauxqs } = (await importEsm('fauxqs')) as typeof import('fauxqs');
  const server = await withLoopbackListen(() =>
    startFauxqs({ port: options.port, host: '127.0.0.1', logger: false, defaultRegion: options.region }),
  );
  const queueUrls: Record<string, string> = {};
  const environment: Record<string, string> = {};
  for (const queue of QUEUES) {
    const dlq = server.createQueue(deadLetterQueueName(queue.name), {
      attributes: { MessageRetentionPeriod: String(14 * 24 * 3600) },
    });
    const created = server.createQueue(queue.name, {
      attributes: {
        VisibilityTimeout: String(queue.visibilityTimeoutSeconds),
        MessageRetentionPeriod: String(queue.retentionDays * 24 * 3600),
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.queueArn, maxReceiveCount: queue.maxReceiveCount }),
      },
    });
    queueUrls[queue.name] = created.queueUrl;
    environment[queueUrlVariable(queue.name)] = created.queueUrl;
    environment[deadLetterQueueUrlVariable(queue.name)] = dlq.queueUrl;
  }
  // As the stack's: kept as long as SQS keeps anything, no consumer (the admin command replays it).
  const streamFailures = server.createQueue(STREAM_FAILURES.name, {
    attributes: { MessageRetentionPeriod: String(14 * 24 * 3600) },
  });
  environment[STREAM_FAILURES.urlVariable] = streamFailures.queueUrl;
  server.createBucket(BUCKET.localName);
  environment[BUCKET.environmentVariable] = BUCKET.localName;
  return {
    endpoint: `http://127.0.0.1:${server.port}`,
    environment,
    queueUrls,
    stop: () => server.stop(),
  };
}
