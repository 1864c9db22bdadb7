import { routeNotFound } from '../core/errors/classes';
import { FileReply } from '../core/http/response';
import { publicOperation } from '../core/http/operation';
import { getObject } from './bucket';
import { mediaUploadEntity } from './entities';
import { PURPOSES } from './file-types';
import { BRANDING_IMAGE_HEADERS } from './branding';

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
  return new FileReply(data, { ...BRANDING_IMAGE_HEADERS, 'content-type': upload.contentType });
});
