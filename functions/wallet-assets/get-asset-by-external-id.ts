import { accountTokensByExternalId } from '../tokens';
import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';

/**
 * The caller's account's newest asset of a type with an external id. External ids are given to tokens when they are
 * issued (`POST /api/tokens`); no other asset has one, so another type finds nothing (FORBIDDEN, as an unknown id).
 */
export const getAssetByExternalId = authedOperation(async ({ params, auth }) => {
  const account = await auth.access.account(auth.principal.accountId);
  const found = await accountTokensByExternalId(account.id, params.externalId, {
    type: params.assetType,
    paginationLimit: 1,
    archived: true,
  });
  if (!found.items[0]) throw forbidden();
  return found.items[0];
});
