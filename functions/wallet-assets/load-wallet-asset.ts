import type { AuthedRequest } from '../core/http/operation';
import { forbidden } from '../core/errors/classes';
import { findWalletAsset, type WalletAsset } from './asset-store';

/** The wallet asset of a path parameter, if the caller may act on its account; else FORBIDDEN. */
export async function loadWalletAsset(request: AuthedRequest, param: string): Promise<WalletAsset> {
  const asset = await findWalletAsset(request.params[param]);
  if (!asset) throw forbidden();
  await request.auth.access.account(asset.accountId);
  return asset;
}
