import type { FromSchema } from 'json-schema-to-ts';
import { createWalletBody } from './schemas';
import { describeAssetType, type AssetTypeInfo } from '../core/asset-types';
import { isoTimestamp } from '../core/clock';
import { badRequest, businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { declaredOnly } from '../core/validation/declared-only';
import { insertWallet, mediaUploadExists } from './wallet-store';

type Body = FromSchema<typeof createWalletBody>;

/** A consumer wallet app: the asset types it can pay with decide which merchants it supports. */
export const createWallet = authedOperation<Body>(async ({ body, auth, now }) => {
  const account = await auth.access.account(body.accountId);
  for (const [index, assetType] of body.assetTypes.entries()) {
    const info = describeWalletAssetType(assetType.id);
    if (!info) throw badRequest(`assetTypes.${index}.id is not a supported asset type`);
    if (assetType.collectionId && info.kind !== 'token' && info.kind !== 'ledger') {
      throw badRequest(`assetTypes.${index}.collectionId is only valid for token and ledger asset types`);
    }
  }
  if (body.logoMediaUploadId && !(await mediaUploadExists(body.logoMediaUploadId))) throw businessRule('MEDIA_UPLOAD_INVALID');
  const { id, name, connectUrl, payUrl, logoMediaUploadId, primaryColorHex, assetTypes } = declaredOnly(createWalletBody, body);
  return insertWallet({
    id,
    name,
    accountId: account.id,
    ...(connectUrl ? { connectUrl } : {}),
    ...(payUrl ? { payUrl } : {}),
    ...(logoMediaUploadId ? { logoMediaUploadId } : {}),
    ...(primaryColorHex ? { primaryColorHex } : {}),
    assetTypes,
    status: 'active',
    createdAt: isoTimestamp(now),
    createdBy: auth.principal.crn,
    createdByAccountName: account.name,
    // The create response also carries `url` and `merchantId` (docs/conformance.md): the connect (else pay) URL,
    // and the owning account's id, as the documented example answers.
    ...(connectUrl || payUrl ? { url: connectUrl ?? payUrl } : {}),
    merchantId: account.id,
  });
});

/**
 * A wallet names asset types with or without their liveness (`svc.nzd` as in the docs' example, or
 * `svc.nzd.test`): a type without one stands for both.
 */
export function describeWalletAssetType(id: string): AssetTypeInfo | undefined {
  return describeAssetType(id) ?? describeAssetType(`${id}.main`) ?? describeAssetType(`${id}.test`);
}
