import { businessRule } from '../core/errors/classes';
import { mediaUploadEntity, type MediaUpload } from './entities';
import type { Purpose } from './file-types';
import { getObject } from './bucket';
import { brandingImageUrl } from './branding';

/**
 * The one check of every field that names a media upload: it exists, belongs to the account and
 * serves the purpose (one of the purposes); else MEDIA_UPLOAD_INVALID, before anything is written.
 * Another account's upload answers like a missing one.
 */
export async function requireMediaUpload(
  id: string,
  expect: { accountId: string; purpose: Purpose | readonly Purpose[] },
): Promise<MediaUpload> {
  const upload = await mediaUploadEntity.get(id);
  const purposes: readonly Purpose[] = typeof expect.purpose === 'string' ? [expect.purpose] : expect.purpose;
  if (!upload || upload.accountId !== expect.accountId || !purposes.includes(upload.purpose))
    throw businessRule('MEDIA_UPLOAD_INVALID');
  return upload;
}

/**
 * A branding logo a record names (a branding-logo upload of the account, else MEDIA_UPLOAD_INVALID) and the stable
 * public URL of its image (`/media/{mediaUploadId}`, from the CDN on AWS), which the record keeps as its `img` (or
 * `logoImg`).
 */
export async function brandingImage(id: string, accountId: string): Promise<{ mediaUploadId: string; img: string }> {
  const upload = await requireMediaUpload(id, { accountId, purpose: 'branding-logo' });
  return { mediaUploadId: upload.id, img: brandingImageUrl(upload.id) };
}

/** The bytes of an upload's file (its consumers read it, e.g. a batch's); undefined when the object is gone. */
export function readMediaFile(upload: Pick<MediaUpload, 'objectKey'>): Promise<Buffer | undefined> {
  return getObject(upload.objectKey);
}
