/**
 * AWS Signature Version 4 for the calls of core/aws-request.ts: a request signed in its headers, or presigned in its
 * query (S3's download URL), as `@smithy/signature-v4` signs them (the canonical request, the scope, the signing key
 * derived once a day per region, service and credentials), hashing on node:crypto. The SDK's signer, with what it
 * takes of `@smithy/core`, was some 10 KiB of every bundle; test/unit/aws-signature.test.ts signs the same requests
 * with it and compares.
 * https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
 */
import { createHash, createHmac } from 'node:crypto';

/** A request to sign: what the HTTP handler sends. */
export interface SignableRequest {
  method: string;
  protocol: string;
  hostname: string;
  port?: number;
  /** As sent: S3's key segments already encoded, the others' paths need none (not encoded a second time). */
  path: string;
  query?: Record<string, string>;
  headers: Record<string, string>;
  body?: Buffer | string;
}

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const CONTENT_SHA256 = 'x-amz-content-sha256';
/** Headers a signature never covers: hop-by-hop, added on the way, or the signature's own. */
const UNSIGNABLE = new Set([
  'authorization',
  'cache-control',
  'connection',
  'expect',
  'from',
  'keep-alive',
  'max-forwards',
  'pragma',
  'referer',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'user-agent',
  'x-amzn-trace-id',
]);
/** Headers the signer writes itself: any the request brings are dropped. */
const GENERATED = new Set(['authorization', 'x-amz-date', 'date']);
/** A presigned URL lives a week at the most. */
const MAX_PRESIGNED_SECONDS = 7 * 24 * 60 * 60;
/** Signing keys kept (one per day, region, service and credentials). */
const MAX_KEYS = 50;

/** RFC 3986 unreserved characters stay; everything else is percent-encoded, as the canonical request wants it. */
export const escapeUri = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A query as the SDK's HTTP handler writes it into a URL: names sorted, names and values percent-encoded. */
export const queryString = (query: Record<string, string>): string =>
  Object.keys(query)
    .sort()
    .map((name) => `${escapeUri(name)}=${escapeUri(query[name])}`)
    .join('&');

const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data).digest();

/** `YYYYMMDDTHHMMSSZ` and its date. */
function dates(now: Date): { long: string; short: string } {
  const long = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return { long, short: long.slice(0, 8) };
}

/** The signed headers: lower-cased names, values with line breaks and runs of blanks folded, sorted by name. */
function canonicalHeaders(headers: Record<string, string>, unsignable?: ReadonlySet<string>): [string, string][] {
  const signed: [string, string][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || value === null) continue;
    const lower = name.toLowerCase();
    if (UNSIGNABLE.has(lower) || unsignable?.has(lower) || lower.startsWith('proxy-') || lower.startsWith('sec-'))
      continue;
    signed.push([
      lower,
      String(value)
        .replace(/[\r\n]/g, ' ')
        .replace(/[ \t]+/g, ' ')
        .replace(/^ | $/g, ''),
    ]);
  }
  return signed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The query's parameters encoded and sorted by encoded name, the signature's own left out. */
function canonicalQuery(query: Record<string, string> = {}): string {
  return Object.entries(query)
    .filter(([name]) => name.toLowerCase() !== 'x-amz-signature')
    .map(([name, value]) => [escapeUri(name), escapeUri(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** The payload's hash: a header that states it, else the body's (an empty body's when there is none). */
function payloadHash({ headers, body }: SignableRequest): string {
  for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() === CONTENT_SHA256) return value;
  return body === undefined ? EMPTY_SHA256 : sha256Hex(body);
}

/** The request's headers without those the signer writes. */
const withoutGenerated = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !GENERATED.has(name.toLowerCase())));

/** Signs one service's requests in one region with the credentials `credentials` resolves to at each signature. */
export class Signer {
  private readonly keys = new Map<string, Buffer>();

  constructor(
    private readonly service: string,
    private readonly region: string,
    private readonly credentials: () => Promise<Credentials>,
  ) {}

  /** The request with `x-amz-date`, the session token, the payload's hash and `authorization` added. */
  async sign(request: SignableRequest, now = new Date()): Promise<SignableRequest> {
    const credentials = await this.resolved();
    const { long, short } = dates(now);
    const headers = withoutGenerated(request.headers);
    headers['x-amz-date'] = long;
    if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken;
    const hash = payloadHash({ ...request, headers });
    if (!Object.keys(headers).some((name) => name.toLowerCase() === CONTENT_SHA256)) headers[CONTENT_SHA256] = hash;
    const signed = { ...request, headers };
    const { names, signature } = this.signature(signed, canonicalHeaders(headers), hash, credentials, long, short);
    headers.authorization =
      `${ALGORITHM} Credential=${credentials.accessKeyId}/${this.scope(short)}, ` +
      `SignedHeaders=${names}, Signature=${signature}`;
    return signed;
  }

  /**
   * The request with its signature in the query, valid `expiresIn` seconds: its `x-amz-*` headers move to the query,
   * and `unsignable` headers are left out of what it covers (a browser sends its own).
   */
  async presign(
    request: SignableRequest,
    { expiresIn, unsignable, now = new Date() }: { expiresIn: number; unsignable?: ReadonlySet<string>; now?: Date },
  ): Promise<SignableRequest> {
    if (expiresIn > MAX_PRESIGNED_SECONDS) throw new Error('a presigned URL must expire within a week');
    const credentials = await this.resolved();
    const { long, short } = dates(now);
    const headers: Record<string, string> = {};
    const query: Record<string, string> = { ...request.query };
    for (const [name, value] of Object.entries(withoutGenerated(request.headers)))
      if (name.toLowerCase().startsWith('x-amz-')) query[name] = value;
      else headers[name] = value;
    if (credentials.sessionToken) query['X-Amz-Security-Token'] = credentials.sessionToken;
    query['X-Amz-Algorithm'] = ALGORITHM;
    query['X-Amz-Credential'] = `${credentials.accessKeyId}/${this.scope(short)}`;
    query['X-Amz-Date'] = long;
    query['X-Amz-Expires'] = String(expiresIn);
    const signedHeaders = canonicalHeaders(headers, unsignable);
    query['X-Amz-SignedHeaders'] = signedHeaders.map(([name]) => name).join(';');
    const presigned = { ...request, headers, query };
    const { signature } = this.signature(presigned, signedHeaders, payloadHash(request), credentials, long, short);
    query['X-Amz-Signature'] = signature;
    return presigned;
  }

  private async resolved(): Promise<Credentials> {
    const credentials = await this.credentials();
    if (typeof credentials?.accessKeyId !== 'string' || typeof credentials.secretAccessKey !== 'string')
      throw new Error('Resolved credential object is not valid');
    return credentials;
  }

  private scope(short: string): string {
    return `${short}/${this.region}/${this.service}/aws4_request`;
  }

  private signature(
    request: SignableRequest,
    headers: [string, string][],
    hash: string,
    credentials: Credentials,
    long: string,
    short: string,
  ): { names: string; signature: string } {
    const names = headers.map(([name]) => name).join(';');
    const canonical = [
      request.method,
      request.path,
      canonicalQuery(request.query),
      ...headers.map(([name, value]) => `${name}:${value}`),
      '',
      names,
      hash,
    ].join('\n');
    const toSign = [ALGORITHM, long, this.scope(short), sha256Hex(canonical)].join('\n');
    return { names, signature: createHmac('sha256', this.key(credentials, short)).update(toSign).digest('hex') };
  }

  /** The day's signing key, derived once and kept. */
  private key(credentials: Credentials, short: string): Buffer {
    const { accessKeyId, secretAccessKey, sessionToken = '' } = credentials;
    const id = `${short}\n${accessKeyId}\n${secretAccessKey}\n${sessionToken}`;
    let key = this.keys.get(id);
    if (!key) {
      key = hmac(
        hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, short), this.region), this.service),
        'aws4_request',
      );
      if (this.keys.size >= MAX_KEYS) this.keys.delete(this.keys.keys().next().value as string);
      this.keys.set(id, key);
    }
    return key;
  }
}
