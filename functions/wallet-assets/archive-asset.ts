import { archiveToken } from '../tokens';
import { businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findWalletAsset } from './asset-store';
import { spendAccess } from './spend';

/**
 * Archives a token. Archiving takes the asset's value out of use, so, like spending it, it also needs `assets:spend`
 * on its account. A money asset is not archived here: UNSUPPORTED_ASSET_TYPE.
 */
export const archiveAsset = authedOperation(async ({ params, auth }) => {
  const spend = spendAccess(auth.access);
  const mayArchive = async (accountId: string) => {
    await auth.access.account(accountId);
    await spend.account(accountId);
  };
  const wallet = await findWalletAsset(params.assetId);
  if (wallet) {
    await mayArchive(wallet.accountId);
    throw businessRule('UNSUPPORTED_ASSET_TYPE');
  }
  return archiveToken(params.assetId, mayArchive);
});
