import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { BUCKET } from '../core/infrastructure';
import { sdkClient } from '../core/observability';

/** How long a presigned download URL works. */
const LOCATION_TTL_SECONDS = 300;

let client: S3Client | undefined;

/**
 * The media bucket's client. Checksums only where S3 requires them, so no checksum of an empty body
 * is baked into presigned URLs; path-style addressing where an endpoint is configured (the local
 * emulator on 127.0.0.1 has no per-bucket host names).
 */
function s3(): S3Client {
  client ??= sdkClient(
    new S3Client({
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
    }),
  );
  return client;
}

function bucketName(): string {
  const name = process.env[BUCKET.environmentVariable];
  if (!name) throw new Error(`${BUCKET.environmentVariable} is not set`);
  return name;
}

export async function putObject(key: string, data: Buffer, contentType: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: bucketName(), Key: key, Body: data, ContentType: contentType }));
}

/** An object's bytes; undefined when the bucket has no such object. */
export async function getObject(key: string): Promise<Buffer | undefined> {
  try {
    const out = await s3().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
    return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : undefined;
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

/** A time-limited URL that downloads the object, served as its detected content type. */
export function presignedGetUrl(key: string, contentType: string): Promise<string> {
  return getSignedUrl(
    s3(),
    new GetObjectCommand({ Bucket: bucketName(), Key: key, ResponseContentType: contentType }),
    {
      expiresIn: LOCATION_TTL_SECONDS,
    },
  );
}
