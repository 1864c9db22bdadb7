import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/transport';
import { SignatureV4 } from '@smithy/signature-v4';
import { type SignableRequest, Signer } from '../../functions/core/aws-signature';

/**
 * Our SigV4 signer (functions/core/aws-signature.ts) against the SDK's (`@smithy/signature-v4`, which signed every AWS
 * call before): the same requests, credentials and time give the same headers, query and signature.
 */
const NOW = new Date('2026-12-03T07:15:42.123Z');
const WITH_TOKEN = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG', sessionToken: 'tok/+=' };
const WITHOUT_TOKEN = { accessKeyId: 'AKIDOTHER', secretAccessKey: 'secret+/=' };

const sdk = (service: string, credentials: typeof WITH_TOKEN | typeof WITHOUT_TOKEN) =>
  new SignatureV4({ service, region: 'ap-southeast-2', credentials, sha256: Sha256, uriEscapePath: false });
const ours = (service: string, credentials: typeof WITH_TOKEN | typeof WITHOUT_TOKEN) =>
  new Signer(service, 'ap-southeast-2', async () => credentials);

const REQUESTS: [string, SignableRequest][] = [
  [
    'a DynamoDB call',
    {
      method: 'POST',
      protocol: 'https:',
      hostname: 'dynamodb.ap-southeast-2.amazonaws.com',
      path: '/',
      headers: {
        host: 'dynamodb.ap-southeast-2.amazonaws.com',
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'DynamoDB_20120810.GetItem',
        'X-Amzn-Trace-Id': 'Root=1-abc',
        'User-Agent': 'ours',
      },
      body: '{"TableName":"payments","Key":{"PK":{"S":"A"}}}',
    },
  ],
  [
    'an S3 put with an encoded key, a query and folded header values',
    {
      method: 'PUT',
      protocol: 'http:',
      hostname: '127.0.0.1',
      port: 4566,
      path: '/bucket/media/acc_1/upload%201%2B%C3%A9%282%29',
      query: { 'x-id': 'PutObject', 'a b': "it's (1)*" },
      headers: {
        host: '127.0.0.1:4566',
        'Content-Type': 'image/png',
        'content-length': '3',
        'X-Custom': '  two   spaces\tand\ttabs  ',
        'proxy-authorization': 'x',
        authorization: 'stale',
        date: 'stale',
      },
      body: Buffer.from([1, 2, 3]),
    },
  ],
  [
    'a GET with no body and a stated payload hash',
    {
      method: 'GET',
      protocol: 'https:',
      hostname: 'bucket.s3.ap-southeast-2.amazonaws.com',
      path: '/key',
      headers: { host: 'bucket.s3.ap-southeast-2.amazonaws.com', 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
    },
  ],
  [
    'a GET with no body',
    {
      method: 'GET',
      protocol: 'https:',
      hostname: 'sqs.ap-southeast-2.amazonaws.com',
      path: '/',
      headers: { host: 'sqs.ap-southeast-2.amazonaws.com' },
    },
  ],
];

describe('the SigV4 signer (core/aws-signature.ts)', () => {
  it.each(REQUESTS)("signs %s as the SDK's signer does", async (_what, request) => {
    for (const credentials of [WITH_TOKEN, WITHOUT_TOKEN]) {
      const theirs = await sdk('s3', credentials).sign(
        new HttpRequest({ ...request, headers: { ...request.headers } }),
        {
          signingDate: NOW,
        },
      );
      const signed = await ours('s3', credentials).sign(request, NOW);
      expect(signed.headers).toEqual(theirs.headers);
      expect(signed.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKID\w+\/20261203\/ap-southeast-2/);
    }
  });

  it("presigns a download as the SDK's signer does: x-amz headers in the query, unsignable ones left out", async () => {
    const request: SignableRequest = {
      method: 'GET',
      protocol: 'https:',
      hostname: 'bucket.s3.ap-southeast-2.amazonaws.com',
      path: '/media/a%20b',
      query: { 'response-content-type': 'image/png', 'x-id': 'GetObject' },
      headers: {
        host: 'bucket.s3.ap-southeast-2.amazonaws.com',
        'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
        'content-type': 'image/png',
      },
    };
    for (const credentials of [WITH_TOKEN, WITHOUT_TOKEN]) {
      const theirs = await sdk('s3', credentials).presign(
        new HttpRequest({ ...request, headers: { ...request.headers }, query: { ...request.query } }),
        { expiresIn: 900, unsignableHeaders: new Set(['content-type']), signingDate: NOW },
      );
      const presigned = await ours('s3', credentials).presign(request, {
        expiresIn: 900,
        unsignable: new Set(['content-type']),
        now: NOW,
      });
      expect(presigned.query).toEqual(theirs.query);
      expect(presigned.headers).toEqual(theirs.headers);
    }
    await expect(ours('s3', WITH_TOKEN).presign(request, { expiresIn: 8 * 24 * 3600 })).rejects.toThrow(/a week/);
  });

  it('signs with the day of the signature and the credentials of the moment', async () => {
    let credentials: typeof WITH_TOKEN | typeof WITHOUT_TOKEN = WITH_TOKEN;
    const signer = new Signer('sqs', 'ap-southeast-2', async () => credentials);
    const request = REQUESTS[3][1];
    const first = (await signer.sign(request, NOW)).headers.authorization;
    credentials = WITHOUT_TOKEN;
    const renewed = await signer.sign(request, NOW);
    const nextDay = await signer.sign(request, new Date('2026-12-04T00:00:01Z'));
    for (const [signed, date, key] of [
      [renewed, NOW, WITHOUT_TOKEN],
      [nextDay, new Date('2026-12-04T00:00:01Z'), WITHOUT_TOKEN],
    ] as const) {
      const theirs = await sdk('sqs', key).sign(new HttpRequest({ ...request, headers: { ...request.headers } }), {
        signingDate: date,
      });
      expect(signed.headers.authorization).toBe(theirs.headers.authorization);
    }
    expect(renewed.headers.authorization).not.toBe(first);
    expect(renewed.headers['x-amz-security-token']).toBeUndefined();
  });
});
