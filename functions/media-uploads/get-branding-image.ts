import { routeNotFound } from '../core/errors/classes';
import { FileReply } from '../core/http/response';
import { publicOperation } from '../core/http/operation';
import { getObject } from './bucket';
import { mediaUploadEntity } from './entities';
import { PURPOSES } from './file-types';

/**
 * Headers of a served logo. Its id names bytes that never change, so anyone may keep it for a year; the
 * type was decided from the bytes at upload (PNG or JPEG only: SVG, which can carry script, is refused there),
 * and the CSP and `nosniff` keep a browser from treating it as anything but that image.
 */
const IMAGE_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'cross-origin-resource-policy': 'cross-origin',
  'referrer-policy': 'no-referrer',
} as const;

/**
 * The bytes of a branding-logo upload, without authentication: the image its records' `img` fields name.
 * Any other upload stays private (its signed location only) and answers like a missing one, 404, as does
 * an upload whose file is gone.
 */
export const getBrandingImage = publicOperation(async ({ params }) => {
  const upload = await mediaUploadEntity.get(params.mediaUploadId);
  const logo = PURPOSES['branding-logo'].types as readonly string[];
  if (upload?.purpose !== 'branding-logo' || !logo.includes(upload.contentType)) throw routeNotFound();
  const data = await getObject(upload.objectKey);
  if (!data) throw routeNotFound();
  return new FileReply(data, { ...IMAGE_HEADERS, 'content-type': upload.contentType });
});
