import { authedOperation } from '../core/http/operation';
import { claimAssetTransferFor } from './settle';
import { present } from './transfer-store';

/** Claims a transfer sent without a recipient (its claim page) into the caller's own account. */
export const claimAssetTransfer = authedOperation(async ({ params, auth, now }) => {
  const claimant = await auth.access.account(auth.principal.accountId);
  return present(await claimAssetTransferFor(params.assetTransferId, claimant, 'link', auth.principal.crn, now));
});
