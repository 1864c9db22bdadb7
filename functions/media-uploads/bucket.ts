import { BUCKET } from '../core/infrastructure';
import { ObjectStore } from '../core/object-store';

/** How long a presigned download URL works. */
const LOCATION_TTL_SECONDS = 300;

function bucketName(): string {
  const name = process.env[BUCKET.environmentVariable];
  if (!name) throw new Error(`${BUCKET.environmentVariable} is not set`);
  return name;
}

/** The media bucket. */
const bucket = new ObjectStore(bucketName);

export function putObject(key: string, data: Buffer, contentType: string): Promise<void> {
  return bucket.put(key, data, contentType);
}

/** An object's bytes; undefined when the bucket has no such object. */
export function getObject(key: string): Promise<Buffer | undefined> {
  return bucket.get(key);
}

/** A time-limited URL that downloads the object, served as its detected content type. */
export function presignedGetUrl(key: string, contentType: string): Promise<string> {
  return bucket.presignedGetUrl(key, contentType, LOCATION_TTL_SECONDS);
}
