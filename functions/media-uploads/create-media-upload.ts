import { isoTimestamp } from '../core/clock';
import { businessRule } from '../core/errors/classes';
import type { UploadedFile } from '../core/http/multipart';
import { authedOperation } from '../core/http/operation';
import { newId } from '../core/ids';
import { putObject } from './bucket';
import { detectType, labelsAgree, PURPOSES, type Purpose } from './file-types';
import { uploadObjectKey } from './branding';
import { mediaUploadEntity } from './entities';
import { madeBy } from '../core/audit';

/** The form as validated by CreateMediaUploadForm (schemas.ts). */
type Form = { purpose: Purpose; file: UploadedFile };

/**
 * Stores a file under the caller's account: its type is decided from its bytes and must be one the
 * purpose takes, and any label the client gave (content type, filename extension) must agree with
 * it (FILE_TYPE_INVALID); above the purpose's size limit it is FILE_TOO_LARGE. The object is
 * written before the record, so a record never names a missing file.
 */
export const createMediaUpload = authedOperation<Form>(async ({ body, auth, now }) => {
  const { purpose, file } = body;
  if (typeof file !== 'object' || !Buffer.isBuffer(file.data)) throw businessRule('FILE_TYPE_INVALID');
  const rules = PURPOSES[purpose];
  if (file.data.length > rules.maxBytes) throw businessRule('FILE_TOO_LARGE');
  const type = detectType(file.data);
  if (!type || !(rules.types as readonly string[]).includes(type) || !labelsAgree(type, file))
    throw businessRule('FILE_TYPE_INVALID');
  const account = auth.principal.account;
  const id = newId();
  const objectKey = uploadObjectKey(purpose, account.id, id);
  await putObject(objectKey, file.data, type);
  const at = isoTimestamp(now);
  await mediaUploadEntity.create({
    id,
    accountId: account.id,
    purpose,
    contentType: type,
    size: file.data.length,
    ...(file.filename ? { fileName: file.filename.slice(0, 255) } : {}),
    objectKey,
    ...(account.test ? { test: true } : {}),
    ...madeBy(auth.principal.crn, at),
  });
  return { id };
});
