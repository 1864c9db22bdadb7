/**
 * S3 objects without client-s3: a put, a get and a presigned download URL, signed by the SDK's own SigV4 signer
 * and sent by its Node HTTP handler with its standard retry strategy, all of which every bundle already carries
 * for DynamoDB. client-s3 with its presigner, its XML protocol and its checksums was some 150 KiB of each bundle
 * that reached S3, and the largest part of their cold imports (docs/performance.md). The requests are those
 * client-s3 sends for these three operations (test/unit/object-store.test.ts compares the presigned URL with its
 * presigner's), and each call is traced as an SDK call is.
 */
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { isServerError, isThrottlingError, isTransientError, StandardRetryStrategy } from '@smithy/core/retry';
import { HttpRequest } from '@smithy/core/transport';
import { NodeHttpHandler, streamCollector } from '@smithy/node-http-handler';
import { SignatureV4 } from '@smithy/signature-v4';
import { awsCall } from './observability';

/** The SDK's default: the first attempt and two retries. */
const MAX_ATTEMPTS = 3;

/** An error answer as the SDK's errors are: its S3 error code as the name, the answer's metadata. */
export class ObjectStoreError extends Error {
  constructor(
    code: string,
    message: string,
    readonly $metadata: { httpStatusCode: number; requestId?: string; attempts: number },
  ) {
    super(message);
    this.name = code;
  }
}

interface ObjectRequest {
  method: 'GET' | 'PUT';
  key: string;
  body?: Buffer;
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

/** Where the bucket's objects are: path-style on a configured endpoint (a local emulator), virtual-hosted on AWS. */
function location(bucket: string, key: string, region: string) {
  const path = `/${key.split('/').map(encodeSegment).join('/')}`;
  const endpoint = process.env.AWS_ENDPOINT_URL_S3;
  if (endpoint) {
    const url = new URL(endpoint);
    return {
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port ? Number(url.port) : undefined,
      path: `${url.pathname.replace(/\/$/, '')}/${bucket}${path}`,
    };
  }
  return { protocol: 'https:', hostname: `${bucket}.s3.${region}.amazonaws.com`, port: undefined, path };
}

/** RFC 3986 unreserved characters stay; everything else is percent-encoded, as S3's canonical URI wants it. */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The S3 error code and message of an error answer's XML body. */
function errorOf(body: string): { code?: string; message?: string } {
  const tag = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(body)?.[1];
  return { code: tag('Code'), message: tag('Message') };
}

/** What the SDK's retry step makes of a failure (its own classification): only the first two are retried. */
function errorType(failure: unknown) {
  const error = failure as Parameters<typeof isTransientError>[0];
  if (isThrottlingError(error)) return 'THROTTLING' as const;
  if (isTransientError(error)) return 'TRANSIENT' as const;
  if (isServerError(error)) return 'SERVER_ERROR' as const;
  return 'CLIENT_ERROR' as const;
}

/** One bucket's objects. */
export class ObjectStore {
  private readonly handler = new NodeHttpHandler();
  private readonly retries = new StandardRetryStrategy(MAX_ATTEMPTS);
  private readonly credentials = defaultProvider();
  private signing?: SignatureV4;

  /** `bucket`: the bucket's name, read on each call (from the function's environment). */
  constructor(private readonly bucket: () => string) {}

  private region(): string {
    const region = process.env.AWS_REGION;
    if (!region) throw new Error('AWS_REGION is not set');
    return region;
  }

  private signer(): SignatureV4 {
    this.signing ??= new SignatureV4({
      service: 's3',
      region: this.region(),
      credentials: this.credentials,
      sha256: Sha256,
      // S3's canonical URI is the path as sent, not encoded a second time.
      uriEscapePath: false,
    });
    return this.signing;
  }

  private request({ method, key, body, headers = {}, query }: ObjectRequest): HttpRequest {
    const { protocol, hostname, port, path } = location(this.bucket(), key, this.region());
    return new HttpRequest({
      method,
      protocol,
      hostname,
      port,
      path,
      query,
      headers: { host: port === undefined ? hostname : `${hostname}:${port}`, ...headers },
      body,
    });
  }

  /** Sends a signed request, retried as the SDK retries; the answer of a 2xx, else an ObjectStoreError. */
  private send(operation: 'PutObject' | 'GetObject', object: ObjectRequest) {
    return awsCall(
      { service: 'S3', operation, region: this.region(), input: { Bucket: this.bucket(), Key: object.key } },
      async (traceHeader) => {
        let token = await this.retries.acquireInitialRetryToken('s3');
        for (let attempts = 1; ; attempts++) {
          const request = this.request(object);
          if (traceHeader) request.headers['X-Amzn-Trace-Id'] = traceHeader;
          let failure: unknown;
          try {
            const { response } = await this.handler.handle((await this.signer().sign(request)) as HttpRequest);
            const body = Buffer.from(await streamCollector(response.body));
            const requestId = response.headers['x-amz-request-id'];
            const metadata = { httpStatusCode: response.statusCode, requestId, attempts };
            if (response.statusCode < 300) {
              this.retries.recordSuccess(token);
              return { body, headers: response.headers, $metadata: metadata };
            }
            const { code, message } = errorOf(body.toString('utf8'));
            failure = new ObjectStoreError(
              code ?? `Http${response.statusCode}`,
              message ?? `S3 answered ${response.statusCode}`,
              metadata,
            );
          } catch (error) {
            // No answer (the connection failed or timed out): the SDK's classification reads its code.
            failure = error;
          }
          try {
            token = await this.retries.refreshRetryTokenForRetry(token, { errorType: errorType(failure) });
          } catch {
            throw failure;
          }
        }
      },
      (answer) => ({ metadata: answer.$metadata, contentLength: answer.headers['content-length'] }),
    );
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.send('PutObject', {
      method: 'PUT',
      key,
      body: data,
      headers: { 'content-type': contentType, 'content-length': String(data.length) },
      query: { 'x-id': 'PutObject' },
    });
  }

  /** An object's bytes; undefined when the bucket has no such object. */
  async get(key: string): Promise<Buffer | undefined> {
    try {
      return (await this.send('GetObject', { method: 'GET', key, query: { 'x-id': 'GetObject' } })).body;
    } catch (error) {
      if (error instanceof ObjectStoreError && error.name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  /**
   * A URL that downloads the object for `expiresIn` seconds, served as `contentType`: what the SDK's presigner
   * makes (an unsigned payload, the host the only signed header).
   */
  async presignedGetUrl(key: string, contentType: string, expiresIn: number): Promise<string> {
    const request = this.request({
      method: 'GET',
      key,
      // As the presigner names it: the name is hoisted into the query as it is, and signed so.
      headers: { 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
      query: { 'response-content-type': contentType, 'x-id': 'GetObject' },
    });
    const signed = await this.signer().presign(request, { expiresIn, unsignableHeaders: new Set(['content-type']) });
    const query = Object.entries(signed.query ?? {})
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => `${encodeSegment(name)}=${encodeSegment(String(value))}`)
      .join('&');
    const port = signed.port === undefined ? '' : `:${signed.port}`;
    return `${signed.protocol}//${signed.hostname}${port}${signed.path}?${query}`;
  }
}
