/**
 * AWS calls without a service's SDK client: the few operations the platform makes of S3, SQS, SES and SMS
 * (core/object-store.ts, core/queues.ts, core/notifications/senders.ts) and every DynamoDB call (core/db/dynamodb.ts).
 * Each request is signed as the SDK's SigV4 signer signs it (core/aws-signature.ts), sent over kept-alive
 * connections as its Node HTTP handler sends it, retried as its standard retry mode retries (core/aws-retry.ts), and
 * traced as an SDK call is. A service's client brings its schemas, endpoint rules, protocol and middleware on top,
 * parsed at every cold import of every function that has it (docs/performance.md).
 */
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Agent as HttpAgent, type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { type Attempts, NODE_TIMEOUT_CODES, RetryQuota } from './aws-retry';
import { queryString, type SignableRequest, Signer } from './aws-signature';
import { awsCall } from './observability';

/** What an answer tells of itself, as the SDK's `$metadata`. */
export interface AnswerMetadata {
  httpStatusCode: number;
  requestId?: string;
  attempts: number;
  /** Set on an error answer that moved the clock offset (core/aws-retry.ts retries it). */
  clockSkewCorrected?: boolean;
}

/** A signature dated this far from AWS's clock is skewed: the error answer that shows it is retried, dated anew. */
const SKEW_MS = 240_000;
/** An answer slower than this says too little of AWS's clock to correct ours. */
const SLOW_ANSWER_MS = 900_000;

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

/** A response's headers, a repeated one joined with commas as the SDK's handler joins them. */
const flattened = (headers: IncomingHttpHeaders): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : String(value)]),
  );

/** One HTTP exchange: the request sent whole, the answer read whole. */
function exchange(
  connections: Connections,
  request: SignableRequest,
): Promise<{ statusCode: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const query = request.query && Object.keys(request.query).length ? `?${queryString(request.query)}` : '';
    const secure = request.protocol === 'https:';
    const sent = (secure ? httpsRequest : httpRequest)(
      {
        agent: connections.agent(secure),
        method: request.method,
        host: request.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: request.port,
        path: `${request.path}${query}`,
        headers: request.headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode ?? -1,
            headers: flattened(response.headers),
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    sent.on('error', (error: NodeJS.ErrnoException) =>
      reject(NODE_TIMEOUT_CODES.has(error.code ?? '') ? Object.assign(error, { name: 'TimeoutError' }) : error),
    );
    sent.end(request.body);
  });
}

/** Connections kept alive between calls, at most 50 at once to a host, as the SDK's handler keeps them. */
const AGENT = { keepAlive: true, maxSockets: 50 };
class Connections {
  private http?: HttpAgent;
  private https?: HttpsAgent;

  agent(secure: boolean): HttpAgent {
    if (secure) {
      this.https ??= new HttpsAgent(AGENT);
      return this.https;
    }
    this.http ??= new HttpAgent(AGENT);
    return this.http;
  }

  destroy(): void {
    this.http?.destroy();
    this.https?.destroy();
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
  connections: Connections;
  retries: RetryQuota;
  credentials: ReturnType<typeof defaultProvider>;
}

/** One AWS service's signed calls. */
export class AwsService {
  private made?: Transport;
  /** AWS's clock less ours, from the last answer's `Date`, as the SDK keeps it; signatures are dated on AWS's clock. */
  private clockOffsetMs = 0;
  private signing?: { region: string; signer: Signer };

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
      connections: new Connections(),
      retries: new RetryQuota(),
      credentials: defaultProvider(),
    };
    return this.made;
  }

  /** The signer of the function's region (kept: it keeps its signing keys). */
  signer(): Signer {
    const name = region();
    if (this.signing?.region !== name)
      this.signing = { region: name, signer: new Signer(this.signingName, name, this.transport().credentials) };
    return this.signing.signer;
  }

  /** The request as an HTTP request, with the host header its signature covers. */
  httpRequest({ method, url, headers = {}, query, body }: AwsRequest): SignableRequest {
    const { protocol, hostname, port, path } = url;
    return {
      method,
      protocol,
      hostname,
      port,
      path,
      query,
      headers: { host: port === undefined ? hostname : `${hostname}:${port}`, ...headers },
      body,
    };
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
    const { connections, retries } = this.transport();
    const attempts: Attempts = { retries: 0 };
    for (;;) {
      const http = this.httpRequest(request);
      if (traceHeader) http.headers['X-Amzn-Trace-Id'] = traceHeader;
      let failure: unknown;
      try {
        const offsetBefore = this.clockOffsetMs;
        const sentAt = Date.now();
        const response = await exchange(connections, await this.signer().sign(http, this.now()));
        this.sampleClock(response.headers, sentAt);
        const { body } = response;
        const requestId = response.headers['x-amz-request-id'] ?? response.headers['x-amzn-requestid'];
        const metadata: AnswerMetadata = {
          httpStatusCode: response.statusCode,
          requestId,
          attempts: attempts.retries + 1,
        };
        if (response.statusCode < 300) {
          retries.recordSuccess(attempts);
          return { body, headers: response.headers, $metadata: metadata };
        }
        // The attempt was dated on a clock skewed from the one the answer set: the next one is dated right. (The SDK
        // also flags any error answered while the clock stays skewed, which would retry a failed condition.)
        if (Math.abs(this.clockOffsetMs - offsetBefore) >= SKEW_MS) metadata.clockSkewCorrected = true;
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

  /** The time on AWS's clock, as far as the last answer told it: what a signature is dated with. */
  now(): Date {
    return new Date(Date.now() + this.clockOffsetMs);
  }

  /** AWS's clock from an answer's `Date` (not a cached answer's, which carries an `Age`, nor a very slow one's). */
  private sampleClock(headers: Record<string, string>, sentAt: number): void {
    const serverTime = Date.parse(headers.date ?? '');
    const now = Date.now();
    if (headers.age !== undefined || Number.isNaN(serverTime) || now - sentAt > SLOW_ANSWER_MS) return;
    this.clockOffsetMs = serverTime - now;
  }

  /** Closes the kept connections (a client made for a while, as the local platform's provisioning makes one). */
  destroy(): void {
    this.made?.connections.destroy();
  }
}

/** What an error answer becomes: its code, message and metadata, and its body for what else the service put in it. */
type ErrorFactory = (code: string, message: string, metadata: AnswerMetadata, body: string) => Error;
