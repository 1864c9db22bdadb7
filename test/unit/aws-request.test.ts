import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/transport';
import { SignatureV4 } from '@smithy/signature-v4';
import { AwsServiceError } from '../../functions/core/aws-request';
import { queueUrlVariable } from '../../functions/core/infrastructure';
import { ObjectStore } from '../../functions/core/object-store';
import { sendBatches, sendMessages } from '../../functions/core/queues';
import { type StandInAnswer, type StandInRequest, standInService } from '../support/stand-in-service';

/**
 * S3 and SQS without their SDK clients (functions/core/aws-request.ts): the requests are the clients' (the presigned
 * URL the SDK's presigner makes, the SQS body and target client-sqs sends); each is signed as received (a stand-in
 * service recomputes its signature with the SDK's signer); answers and failures are read and retried as the SDK
 * reads and retries them.
 */
const CREDENTIALS = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG',
  sessionToken: 'session/+=',
};
const BUCKET = 'media-bucket-1';
const KEY = 'media/acc_1/upload 1+é(2)';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sqsEntry = (id: string, body: string) => ({ Id: id, MessageId: `m-${id}`, MD5OfMessageBody: md5(body) });

const env = { ...process.env };
const received: Received[] = [];
/**
 * What the stand-in answers next: a status, body and headers each; then, for SQS (a request with a target), every
 * entry sent, and for S3 200 with `stored`.
 */
const answers: { status: number; body: string; headers?: Record<string, string> }[] = [];
let stored: Buffer = Buffer.from('');
/** The stand-in S3 and SQS: one server, as a configured endpoint may serve both. */
function answerTo({ method, url, headers, body }: StandInRequest): StandInAnswer {
  received.push({ method, url, headers, body });
  const requestId = { 'x-amz-request-id': `req-${received.length}` };
  const answer = answers.shift();
  if (answer) return { status: answer.status, body: answer.body, headers: { ...requestId, ...answer.headers } };
  if (headers['x-amz-target']) {
    const { Entries } = JSON.parse(body.toString('utf8')) as { Entries: { Id: string; MessageBody: string }[] };
    const sent = { Successful: Entries.map(({ Id, MessageBody }) => sqsEntry(Id, MessageBody)) };
    return { status: 200, body: JSON.stringify(sent), headers: requestId };
  }
  if (method === 'PUT') {
    stored = body;
    return { status: 200, body: '', headers: requestId };
  }
  return { status: 200, body: stored, headers: requestId };
}
let endpoint = '';
let close: () => void;

beforeAll(async () => {
  const service = await standInService(answerTo);
  endpoint = service.url;
  close = service.close;
});
beforeEach(() => {
  process.env = {
    ...env,
    AWS_REGION: 'ap-southeast-2',
    AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    AWS_SESSION_TOKEN: CREDENTIALS.sessionToken,
    AWS_ENDPOINT_URL_S3: endpoint,
    AWS_ENDPOINT_URL_SQS: endpoint,
    [queueUrlVariable('timers')]: `${endpoint}/000000000000/timers`,
  };
  received.length = 0;
  answers.length = 0;
});
afterAll(() => {
  process.env = env;
  close();
});

/** The signature `signingName` (s3, sqs) would compute for `request` as it arrived, with the SDK's signer. */
async function expectedAuthorization(request: Received, signingName: string): Promise<string> {
  const url = new URL(request.url, endpoint);
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(String(request.headers.authorization))![1].split(';');
  const amzDate = String(request.headers['x-amz-date']);
  const signer = new SignatureV4({
    service: signingName,
    region: 'ap-southeast-2',
    credentials: CREDENTIALS,
    sha256: Sha256,
    uriEscapePath: false,
  });
  const signed = await signer.sign(
    new HttpRequest({
      method: request.method,
      protocol: 'http:',
      hostname: '127.0.0.1',
      port: Number(url.port),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(signedHeaders.map((name) => [name, String(request.headers[name])])),
      body: request.body,
    }),
    {
      signingDate: new Date(
        `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:` +
          `${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
      ),
    },
  );
  return signed.headers.authorization;
}

describe('S3 (core/object-store.ts)', () => {
  const sdkClient = (local: boolean, region = 'ap-southeast-2') =>
    new S3Client({
      region,
      credentials: CREDENTIALS,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(local ? { endpoint, forcePathStyle: true } : {}),
    });

  it.each([
    ['on AWS (virtual-hosted)', false, 'ap-southeast-2'],
    ["in China's partition", false, 'cn-north-1'],
    ['on a configured endpoint (path-style)', true, 'ap-southeast-2'],
  ])('presigns the download URL the SDK presigns, %s', async (_where, local, region) => {
    process.env.AWS_REGION = region;
    if (!local) delete process.env.AWS_ENDPOINT_URL_S3;
    jest.useFakeTimers({ now: new Date('2026-12-02T06:07:08Z'), doNotFake: ['nextTick', 'setImmediate'] });
    try {
      const ours = await new ObjectStore(() => BUCKET).presignedGetUrl(KEY, 'image/png', 300);
      const sdks = await getSignedUrl(
        sdkClient(local, region),
        new GetObjectCommand({ Bucket: BUCKET, Key: KEY, ResponseContentType: 'image/png' }),
        { expiresIn: 300 },
      );
      expect(ours).toBe(sdks);
      expect(new URL(ours).searchParams.get('X-Amz-Expires')).toBe('300');
    } finally {
      jest.useRealTimers();
    }
  });

  it('puts and gets an object: signed as it arrives, the payload hashed, the session token sent', async () => {
    const store = new ObjectStore(() => BUCKET);
    const bytes = Buffer.from('\x89PNG an image');
    await store.put(KEY, bytes, 'image/png');
    expect(await store.get(KEY)).toEqual(bytes);

    const [put, get] = received;
    expect(put).toMatchObject({ method: 'PUT', body: bytes });
    expect(put.url).toBe(`/${BUCKET}/media/acc_1/upload%201%2B%C3%A9%282%29?x-id=PutObject`);
    expect(put.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(bytes.length),
      'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex'),
      'x-amz-security-token': CREDENTIALS.sessionToken,
    });
    expect(get).toMatchObject({
      method: 'GET',
      url: `/${BUCKET}/media/acc_1/upload%201%2B%C3%A9%282%29?x-id=GetObject`,
    });
    for (const request of received) {
      expect(request.headers.authorization).toMatch(
        new RegExp(
          '^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/\\d{8}/ap-southeast-2/s3/aws4_request, ' +
            'SignedHeaders=.*host.*x-amz-content-sha256.*x-amz-date.*x-amz-security-token',
        ),
      );
      expect(request.headers.authorization).toBe(await expectedAuthorization(request, 's3'));
    }
  });

  it('reads a missing object as none, throws an error answer as its code, retries what the SDK retries', async () => {
    const store = new ObjectStore(() => BUCKET);
    const error = (code: string) =>
      `<?xml version="1.0"?><Error><Code>${code}</Code><Message>m ${code}</Message></Error>`;

    answers.push({ status: 404, body: error('NoSuchKey') });
    expect(await store.get('missing')).toBeUndefined();
    expect(received).toHaveLength(1);

    answers.push({ status: 403, body: error('AccessDenied') });
    const denied = await store.get('denied').catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(AwsServiceError);
    expect(denied).toMatchObject({
      name: 'AccessDenied',
      message: 'm AccessDenied',
      $metadata: { httpStatusCode: 403, requestId: 'req-2', attempts: 1 },
    });
    expect(received).toHaveLength(2);

    // A server error and a throttle are retried, then the object is read.
    stored = Buffer.from('after retries');
    answers.push({ status: 500, body: error('InternalError') }, { status: 503, body: error('SlowDown') });
    expect(await store.get('busy')).toEqual(stored);
    expect(received).toHaveLength(5);

    // Three attempts in all: the third failure is the caller's.
    answers.push(...Array(3).fill({ status: 503, body: error('ServiceUnavailable') }));
    await expect(store.put('down', Buffer.from('x'), 'text/plain')).rejects.toMatchObject({
      name: 'ServiceUnavailable',
      $metadata: { httpStatusCode: 503, attempts: 3 },
    });
    expect(received).toHaveLength(8);
  });
});

describe('SQS (core/queues.ts)', () => {
  const timers = () => process.env[queueUrlVariable('timers')]!;
  const messages = [{ body: { kind: 'expire', id: 'pr_1' }, delaySeconds: 30 }, { body: { kind: 'return', id: 'é' } }];

  it("sends client-sqs's SendMessageBatch request, signed as it arrives", async () => {
    await sendMessages('timers', messages);
    await new SQSClient({ region: 'ap-southeast-2', credentials: CREDENTIALS, useQueueUrlAsEndpoint: false }).send(
      new SendMessageBatchCommand({
        QueueUrl: timers(),
        Entries: messages.map((message, n) => ({
          Id: String(n),
          MessageBody: JSON.stringify(message.body),
          DelaySeconds: message.delaySeconds,
        })),
      }),
    );
    const [ours, sdks] = received;
    for (const field of ['method', 'url'] as const) expect(ours[field]).toBe(sdks[field]);
    for (const header of ['content-type', 'x-amz-target', 'x-amzn-query-mode', 'x-amz-security-token'])
      expect([header, ours.headers[header]]).toEqual([header, sdks.headers[header]]);
    expect(JSON.parse(ours.body.toString('utf8'))).toEqual(JSON.parse(sdks.body.toString('utf8')));
    expect(ours.headers.authorization).toMatch(/\/ap-southeast-2\/sqs\/aws4_request, /);
    expect(ours.headers.authorization).toBe(await expectedAuthorization(ours, 'sqs'));
  });

  it("refuses an answer whose body checksum is not the message's, a message SQS did not take, an error", async () => {
    const wrong = { Successful: [sqsEntry('0', 'another body')] };
    answers.push({ status: 200, body: JSON.stringify(wrong) });
    await expect(sendMessages('timers', messages.slice(0, 1))).rejects.toThrow('Invalid MD5 checksum on messages: m-0');

    const failed = { Successful: [], Failed: [{ Id: '0', Code: 'InvalidParameterValue', SenderFault: true }] };
    answers.push({ status: 200, body: JSON.stringify(failed) });
    await expect(sendMessages('timers', messages.slice(0, 1))).rejects.toThrow(
      'queue timers: 1 of 1 messages not sent',
    );

    answers.push({
      status: 400,
      headers: { 'x-amzn-query-error': 'AWS.SimpleQueueService.NonExistentQueue;Sender' },
      body: JSON.stringify({
        __type: 'com.amazonaws.sqs#QueueDoesNotExist',
        message: 'The specified queue does not exist.',
      }),
    });
    await expect(sendMessages('timers', messages)).rejects.toMatchObject({
      name: 'AWS.SimpleQueueService.NonExistentQueue',
      message: 'The specified queue does not exist.',
      $metadata: { httpStatusCode: 400, attempts: 1 },
    });
    expect(received).toHaveLength(3);

    // A throttle is retried, then the batch is sent.
    answers.push({
      status: 400,
      body: JSON.stringify({ __type: 'com.amazonaws.sqs#RequestThrottled', message: 'slow' }),
    });
    await sendMessages('timers', messages);
    expect(received).toHaveLength(5);
  });

  it('batches at most 10 messages and 256 KiB of bodies, escaping what SQS refuses in a body', () => {
    const sized = (kib: number) => ({ body: 'x'.repeat(kib * 1024 - 2) });
    // Ten chunk messages of 192 KiB (a batch's largest) go one or two at a time, never over 256 KiB a call.
    const chunks = sendBatches(Array.from({ length: 10 }, () => sized(192)));
    expect(chunks.map((batch) => batch.length)).toEqual(Array(10).fill(1));
    expect(sendBatches([sized(100), sized(100), sized(56), sized(1)]).map((b) => b.map((e) => e.Id))).toEqual([
      ['0', '1', '2'],
      ['0'],
    ]);
    expect(sendBatches(Array.from({ length: 23 }, (_, i) => ({ body: i }))).map((b) => b.length)).toEqual([10, 10, 3]);
    const [[odd]] = sendBatches([{ body: { cell: 'a\uFFFFb\uFFFE' }, delaySeconds: 5 }]);
    expect(odd).toEqual({ Id: '0', MessageBody: '{"cell":"a\\uffffb\\ufffe"}', DelaySeconds: 5 });
    expect(JSON.parse(odd.MessageBody)).toEqual({ cell: 'a\uFFFFb\uFFFE' });
  });
});
