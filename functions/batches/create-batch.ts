import type { FromSchema } from 'json-schema-to-ts';
import type { createBatchBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { newId } from '../core/ids';
import { sendMessages } from '../core/queues';
import { requireMediaUpload, type MediaUpload, type MediaUploadPurpose } from '../media-uploads';
import type { StoredBatch } from './entities';
import { insertBatch, present, withdrawBatch } from './batch-store';
import { BATCHES_QUEUE, type BatchMessage } from './messages';

type Body = FromSchema<typeof createBatchBody>;

/** Media upload purposes whose files a batch reads. */
const BATCH_FILE_PURPOSES: readonly MediaUploadPurpose[] = ['batch-file', 'business-onboarding'];

/**
 * Records a batch (`created`) and queues it: the batches consumer reads the file, chunks it and
 * processes the chunks (process-batch.ts). `url` names a CSV media upload of the batch's account:
 * its S3 location (`s3://<bucket>/media/<accountId>/<id>`) or the URL its location route gave; any
 * other is MEDIA_UPLOAD_INVALID, the platform fetching nothing from elsewhere. A `test` flag other
 * than the account's is LIVENESS_MISMATCH. The caller needs `accounts:create` on the account too, as onboarding a
 * business through the API does.
 */
export const createBatch = authedOperation<Body>(async ({ body, auth, now }) => {
  const account = await auth.access.account(body.accountId);
  // Its records make accounts of the batch's (business-onboard, the one type served): the caller may make them there.
  await auth.access.also('accounts:create').authorize(account.id);
  const test = account.test === true;
  if (body.test !== undefined && body.test !== test) throw businessRule('LIVENESS_MISMATCH');
  const upload = await uploadNamed(body.url, account.id);
  const at = isoTimestamp(now);
  const batch: StoredBatch = {
    id: newId(),
    accountId: account.id,
    status: 'created',
    type: body.type,
    url: body.url,
    test,
    errors: [],
    createdAt: at,
    createdBy: auth.principal.crn,
    updatedAt: at,
    processed: 0,
    failed: 0,
    chunksDone: 0,
    mediaUploadId: upload.id,
    objectKey: upload.objectKey,
  };
  await insertBatch(batch);
  const start: BatchMessage = { kind: 'start', batchId: batch.id };
  await sendMessages(BATCHES_QUEUE, [{ body: start }]).catch(async (error: unknown) => {
    await withdrawBatch(batch.id);
    throw error;
  });
  return present(batch);
});

/** The media upload a batch's url names, if it is the account's and holds a batch file. */
async function uploadNamed(url: string, accountId: string): Promise<MediaUpload> {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    throw businessRule('MEDIA_UPLOAD_INVALID');
  }
  const match = /\/media\/([A-Za-z0-9_-]{1,64})\/([A-Za-z0-9_-]{1,64})$/.exec(path);
  // The path's account must be the batch's too: a URL naming another account's key is no upload of this one.
  if (!match || match[1] !== accountId) throw businessRule('MEDIA_UPLOAD_INVALID');
  return requireMediaUpload(match[2], { accountId, purpose: BATCH_FILE_PURPOSES });
}
