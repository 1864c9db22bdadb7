import { accountTokensByExternalId } from '../tokens';
import { businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';

/**
 * The caller's account's newest asset of a type with an external id. External ids are given to tokens when they are
 * issued (`POST /api/tokens`); no other asset has one, so another type finds nothing. The lookup is
 * made only in the caller's account, so "not found" is all it can say (ASSET_NOT_FOUND, never another account's).
 */
export const getAssetByExternalId = authedOperation(async ({ params, auth }) => {
  const account = await auth.access.account(auth.principal.accountId);
  const found = await accountTokensByExternalId(account.id, params.externalId, {
    type: params.assetType,
    paginationLimit: 1,
    archived: true,
  });
  if (!found.items[0]) throw businessRule('ASSET_NOT_FOUND');
  return found.items[0];
});
