import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findAsset } from './load-asset';

/** An asset of any category, if the caller may read its account; an unknown or foreign one is FORBIDDEN. */
export const getAsset = authedOperation(async ({ params, auth }) => {
  const asset = await findAsset(params.assetId);
  if (!asset) throw forbidden();
  await auth.access.account(asset.accountId as string);
  return asset;
});
