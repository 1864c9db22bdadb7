import { assetSummary } from './schemas';
import { publicView } from '../core/db/entity';
import { forbidden } from '../core/errors/classes';
import { publicOperation } from '../core/http/operation';
import { findAsset } from './load-asset';

/** What anyone holding an asset's id may see of it: its branding and liveness, never its account or value. */
export const getAssetSummary = publicOperation(async ({ params }) => {
  const asset = await findAsset(params.assetId);
  if (!asset) throw forbidden();
  return publicView(assetSummary, asset);
});
