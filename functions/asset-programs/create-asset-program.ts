import type { FromSchema } from 'json-schema-to-ts';
import { createAssetProgramBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { newId } from '../core/ids';
import { declaredOnly } from '../core/validation/declared-only';
import { requireMediaUpload } from '../media-uploads';
import { findCollections } from '../tokens';
import type { StoredAssetProgram } from './entities';
import { madeBy } from '../core/audit';
import { insertProgram, presentProgram } from './store';

type Body = FromSchema<typeof createAssetProgramBody>;

/**
 * A published program of an org account (ACCOUNT_TYPE_INVALID otherwise), of the account's
 * liveness. Its collections are token collections of the account, of its liveness
 * (COLLECTION_IDS_INVALID otherwise); its image a branding-logo upload of the account (MEDIA_UPLOAD_INVALID).
 */
export const createAssetProgram = authedOperation<Body>(async ({ body, auth, now }) => {
  const account = await auth.access.orgAccount(body.accountId, 'ACCOUNT_TYPE_INVALID');
  const { name, assetTypes, collectionIds, termsOfServiceUrl, privacyPolicyUrl, mediaUploadId } = declaredOnly(
    createAssetProgramBody,
    body,
  );
  const test = account.test === true;
  if (mediaUploadId) await requireMediaUpload(mediaUploadId, { accountId: account.id, purpose: 'branding-logo' });
  const collections = await findCollections(collectionIds);
  const checked = collectionIds.map((id) => collections.get(id));
  if (checked.some((collection) => !collection || collection.accountId !== account.id || collection.test !== test))
    throw businessRule('COLLECTION_IDS_INVALID');
  const at = isoTimestamp(now);
  const program: StoredAssetProgram = {
    id: newId('assetProgram'),
    name,
    accountId: account.id,
    assetTypes: [...assetTypes],
    collectionIds: checked.map((collection) => collection!.id),
    ...(mediaUploadId ? { mediaUploadId } : {}),
    test,
    published: true,
    privacyPolicyUrl,
    termsOfServiceUrl,
    ...madeBy(auth.principal.crn, at),
    version: 1,
  };
  await insertProgram(program);
  return presentProgram(program);
});
