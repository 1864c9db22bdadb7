/**
 * S3 objects without client-s3 (core/aws-request.ts): a put, a get and a presigned download URL, the requests
 * client-s3 sends for these three operations (test/unit/aws-request.test.ts compares the presigned URL with its
 * presigner's). client-s3 with its presigner, its XML protocol and its checksums was some 150 KiB of each bundle
 * that reached S3.
 */
import { AwsService, AwsServiceError, configuredEndpoint, regionalHost, type AwsRequest } from './aws-request';
import { escapeUri, queryString } from './aws-signature';

/** S3's error code and message, from an error answer's XML body. */
function errorOf(body: string): { code?: string; message?: string } {
  const tag = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(body)?.[1];
  return { code: tag('Code'), message: tag('Message') };
}

const s3 = new AwsService('s3', 'S3', errorOf);

/** One bucket's objects. */
export class ObjectStore {
  /** `bucket`: the bucket's name, read on each call (from the function's environment). */
  constructor(private readonly bucket: () => string) {}

  /**
   * A request for `key`: path-style on a configured endpoint (a local emulator), virtual-hosted on AWS, with
   * client-s3's `x-id` naming the operation.
   */
  private request(
    operation: 'GetObject' | 'PutObject',
    key: string,
    fields: Pick<AwsRequest, 'method' | 'headers' | 'query' | 'body'>,
  ): AwsRequest {
    const bucket = this.bucket();
    const path = `/${key.split('/').map(escapeUri).join('/')}`;
    const endpoint = configuredEndpoint('S3');
    const url = endpoint
      ? { ...endpoint, path: `${endpoint.path}/${bucket}${path}` }
      : { protocol: 'https:', hostname: `${bucket}.${regionalHost('s3')}`, path };
    return {
      operation,
      input: { Bucket: bucket, Key: key },
      url,
      ...fields,
      query: { ...fields.query, 'x-id': operation },
    };
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await s3.send(
      this.request('PutObject', key, {
        method: 'PUT',
        body: data,
        headers: { 'content-type': contentType, 'content-length': String(data.length) },
      }),
    );
  }

  /** An object's bytes; undefined when the bucket has no such object. */
  async get(key: string): Promise<Buffer | undefined> {
    try {
      return (await s3.send(this.request('GetObject', key, { method: 'GET' }))).body;
    } catch (error) {
      if (error instanceof AwsServiceError && error.name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  /**
   * A URL that downloads the object for `expiresIn` seconds, served as `contentType`: what the SDK's presigner
   * makes (an unsigned payload, the host the only signed header).
   */
  async presignedGetUrl(key: string, contentType: string, expiresIn: number): Promise<string> {
    const request = s3.httpRequest(
      this.request('GetObject', key, {
        method: 'GET',
        // As the presigner names it: the name is hoisted into the query as it is, and signed so.
        headers: { 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
        query: { 'response-content-type': contentType },
      }),
    );
    const signed = await s3
      .signer()
      .presign(request, { expiresIn, unsignable: new Set(['content-type']), now: s3.now() });
    const port = signed.port === undefined ? '' : `:${signed.port}`;
    return `${signed.protocol}//${signed.hostname}${port}${signed.path}?${queryString(signed.query ?? {})}`;
  }
}
