import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { presignedGetUrl } from './bucket';
import { mediaUploadEntity } from './entities';

/** A presigned, time-limited URL that downloads the file; another account's upload answers like a missing one. */
export const getMediaUploadLocation = authedOperation(async (request) => {
  const upload = await mediaUploadEntity.get(request.params.mediaUploadId);
  if (!upload) throw forbidden();
  await request.auth.access.account(upload.accountId);
  return { url: await presignedGetUrl(upload.objectKey, upload.contentType) };
});
