/**
 * AWS calls without a service's SDK client: the few operations the platform makes of S3, SQS, SES and SMS
 * (core/object-store.ts, core/queues.ts, core/notifications/senders.ts) and every DynamoDB call (core/db/dynamodb.ts).
 * Each request is signed by the SDK's own SigV4 signer (hashing with node:crypto), sent by its Node HTTP handler,
 * retried as its standard retry mode retries (core/aws-retry.ts), and traced as an SDK call is. A service's client
 * brings its schemas, endpoint rules, protocol and middleware on top, parsed at every cold import of every function
 * that has it (docs/performance.md).
 */
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { HttpRequest } from '@smithy/core/transport';
import { NodeHttpHandler, streamCollector } from '@smithy/node-http-handler';
import { SignatureV4 } from '@smithy/signature-v4';
import { type Attempts, RetryQuota } from './aws-retry';
import { awsCall } from './observability';

/** What an answer tells of itself, as the SDK's `$metadata`. */
export interface AnswerMetadata {
  httpStatusCode: number;
  requestId?: string;
  attempts: number;
}

/** An error answer as the SDK's errors are: the service's error code as the name, the answer's metadata. */
export class AwsServiceError extends Error {
  constructor(
    code: string,
    message: string,
    readonly $metadata: AnswerMetadata,
  ) {
    super(message);
    this.name = code;
  }
}

/** A request to sign and send, and what its subsegment names. */
export interface AwsRequest {
  operation: string;
  /** The call's input as the SDK's would be: X-Ray records the names it holds (`Bucket`, `QueueUrl`). */
  input: Record<string, unknown>;
  method: 'GET' | 'PUT' | 'POST';
  /** The endpoint, its path, the headers the service wants and the body. */
  url: { protocol: string; hostname: string; port?: number; path: string };
  headers?: Record<string, string>;
  query?: Record<string, string>;
  body?: Buffer | string;
}

export interface AwsAnswer {
  body: Buffer;
  headers: Record<string, string>;
  $metadata: AnswerMetadata;
}

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (data: SourceData): string | Uint8Array =>
  typeof data === 'string'
    ? data
    : ArrayBuffer.isView(data)
      ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
      : new Uint8Array(data);

/** SHA-256 (an HMAC with a secret) for the signer, on node:crypto as the SDK's Node hash is, minus its JS fallback. */
class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: SourceData) {
    this.hash = secret ? createHmac('sha256', bytesOf(secret)) : createHash('sha256');
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

/** A configured endpoint's URL parts (`AWS_ENDPOINT_URL_<SERVICE>`, the local emulators), or undefined. */
export function configuredEndpoint(service: 'S3' | 'SQS' | 'DYNAMODB' | 'SESV2' | 'PINPOINT_SMS_VOICE_V2') {
  const endpoint = process.env[`AWS_ENDPOINT_URL_${service}`];
  if (!endpoint) return undefined;
  const url = new URL(endpoint);
  return {
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname.replace(/\/$/, ''),
  };
}

/** The function's region, from Lambda's environment. */
export function region(): string {
  const name = process.env.AWS_REGION;
  if (!name) throw new Error('AWS_REGION is not set');
  return name;
}

/** A service's host name in the function's region: `<service>.<region>.amazonaws.com`, `.com.cn` in China's. */
export function regionalHost(service: string): string {
  const name = region();
  return `${service}.${name}.${name.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com'}`;
}

/** What sends a service's calls, made on its first call: a function that never calls it pays nothing at start. */
interface Transport {
  handler: NodeHttpHandler;
  retries: RetryQuota;
  credentials: ReturnType<typeof defaultProvider>;
}

/** One AWS service's signed calls. */
export class AwsService {
  private made?: Transport;
  private signing?: { region: string; signer: SignatureV4 };

  /**
   * `signingName`: the service's name in a signature (`s3`, `sqs`); `traceName`: its subsegment's; `errorOf`: the
   * code and message of an error answer's body, as the service's protocol writes them.
   */
  constructor(
    private readonly signingName: string,
    private readonly traceName: string,
    private readonly errorOf: (body: string, headers: Record<string, string>) => { code?: string; message?: string },
    /** The error an error answer becomes (DynamoDB's are the SDK's classes, which its callers check against). */
    private readonly errorFor: ErrorFactory = (code, message, metadata) => new AwsServiceError(code, message, metadata),
  ) {}

  private transport(): Transport {
    this.made ??= {
      handler: new NodeHttpHandler(),
      retries: new RetryQuota(),
      credentials: defaultProvider(),
    };
    return this.made;
  }

  /** The signer of the function's region (kept: it caches its signing keys). */
  signer(): SignatureV4 {
    const name = region();
    if (this.signing?.region !== name)
      this.signing = {
        region: name,
        signer: new SignatureV4({
          service: this.signingName,
          region: name,
          credentials: this.transport().credentials,
          sha256: Sha256,
          // S3's canonical URI is the path as sent, not encoded a second time; the others' paths need no encoding.
          uriEscapePath: false,
        }),
      };
    return this.signing.signer;
  }

  /** The request as an HTTP request, with the host header its signature covers. */
  httpRequest({ method, url, headers = {}, query, body }: AwsRequest): HttpRequest {
    const { protocol, hostname, port, path } = url;
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

  /** Sends a signed request, retried as the SDK retries, traced as an SDK call; see `call`. */
  send(request: AwsRequest): Promise<AwsAnswer> {
    return awsCall(
      { service: this.traceName, operation: request.operation, region: region(), input: request.input },
      (traceHeader) => this.call(request, traceHeader),
      (answer) => ({ metadata: answer.$metadata, contentLength: answer.headers['content-length'] }),
    );
  }

  /**
   * Sends a signed request, retried as the SDK retries (each attempt signed anew), untraced (a client tracing its
   * calls itself passes the trace header): the answer of a 2xx, else the error `errorFor` makes of the answer.
   */
  async call(request: AwsRequest, traceHeader?: string): Promise<AwsAnswer> {
    const { handler, retries } = this.transport();
    const attempts: Attempts = { retries: 0 };
    for (;;) {
      const http = this.httpRequest(request);
      if (traceHeader) http.headers['X-Amzn-Trace-Id'] = traceHeader;
      let failure: unknown;
      try {
        const { response } = await handler.handle((await this.signer().sign(http)) as HttpRequest);
        const body = Buffer.from(await streamCollector(response.body));
        const requestId = response.headers['x-amz-request-id'] ?? response.headers['x-amzn-requestid'];
        const metadata = { httpStatusCode: response.statusCode, requestId, attempts: attempts.retries + 1 };
        if (response.statusCode < 300) {
          retries.recordSuccess(attempts);
          return { body, headers: response.headers, $metadata: metadata };
        }
        const text = body.toString('utf8');
        const { code, message } = this.errorOf(text, response.headers);
        failure = this.errorFor(
          code ?? `Http${response.statusCode}`,
          message ?? `${this.traceName} answered ${response.statusCode}`,
          metadata,
          text,
        );
      } catch (error) {
        // No answer (the connection failed or timed out): the SDK's classification reads its code.
        failure = error;
      }
      const delay = retries.retryAfter(failure, attempts);
      if (delay === undefined) throw failure;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  /** Closes the kept connections (a client made for a while, as the local platform's provisioning makes one). */
  destroy(): void {
    this.made?.handler.destroy();
  }
}

/** What an error answer becomes: its code, message and metadata, and its body for what else the service put in it. */
type ErrorFactory = (code: string, message: string, metadata: AnswerMetadata, body: string) => Error;
