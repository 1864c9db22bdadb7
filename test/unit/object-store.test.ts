import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/transport';
import { SignatureV4 } from '@smithy/signature-v4';
import { ObjectStore, ObjectStoreError } from '../../functions/core/object-store';

/**
 * S3 without client-s3 (functions/core/object-store.ts): its presigned URL is the one the SDK's presigner makes; what
 * it sends is signed as received (a stand-in S3 recomputes each signature with the SDK's signer); answers and
 * failures are read and retried as the SDK reads and retries them.
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

describe('the object store (core/object-store.ts)', () => {
  const env = { ...process.env };
  const received: Received[] = [];
  /** What the stand-in S3 answers next: a status and body each, then 200 with `stored`. */
  const answers: { status: number; body: string }[] = [];
  let stored = Buffer.from('');
  const s3 = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.setHeader('x-amz-request-id', `req-${received.length}`);
      const answer = answers.shift();
      if (answer) {
        res.statusCode = answer.status;
        res.end(answer.body);
      } else if (req.method === 'PUT') {
        stored = body;
        res.end();
      } else res.end(stored);
    });
  });
  let endpoint = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(s3.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    process.env = {
      ...env,
      AWS_REGION: 'ap-southeast-2',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      AWS_SESSION_TOKEN: CREDENTIALS.sessionToken,
      AWS_ENDPOINT_URL_S3: endpoint,
    };
    received.length = 0;
    answers.length = 0;
  });
  afterAll(async () => {
    process.env = env;
    await new Promise((resolve) => s3.close(resolve));
  });

  const sdkClient = (local: boolean) =>
    new S3Client({
      region: 'ap-southeast-2',
      credentials: CREDENTIALS,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(local ? { endpoint, forcePathStyle: true } : {}),
    });

  it.each([
    ['on AWS (virtual-hosted)', false],
    ['on a configured endpoint (path-style)', true],
  ])('presigns the download URL the SDK presigns, %s', async (_where, local) => {
    if (!local) delete process.env.AWS_ENDPOINT_URL_S3;
    jest.useFakeTimers({ now: new Date('2026-12-02T06:07:08Z'), doNotFake: ['nextTick', 'setImmediate'] });
    try {
      const ours = await new ObjectStore(() => BUCKET).presignedGetUrl(KEY, 'image/png', 300);
      const sdks = await getSignedUrl(
        sdkClient(local),
        new GetObjectCommand({ Bucket: BUCKET, Key: KEY, ResponseContentType: 'image/png' }),
        { expiresIn: 300 },
      );
      expect(ours).toBe(sdks);
      expect(new URL(ours).searchParams.get('X-Amz-Expires')).toBe('300');
    } finally {
      jest.useRealTimers();
    }
  });

  /** The signature S3 would compute for `request` as it arrived, with the SDK's signer. */
  async function expectedAuthorization(request: Received): Promise<string> {
    const url = new URL(request.url, endpoint);
    const signedHeaders = /SignedHeaders=([^,]+)/.exec(String(request.headers.authorization))![1].split(';');
    const amzDate = String(request.headers['x-amz-date']);
    const signer = new SignatureV4({
      service: 's3',
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
      expect(request.headers.authorization).toBe(await expectedAuthorization(request));
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
    expect(denied).toBeInstanceOf(ObjectStoreError);
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
