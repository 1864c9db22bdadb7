import { ApiError } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { listAccountAliases } from './aliases';
import { aliasTransfersPartition, assetTransferEntity } from './entities';
import { claimAssetTransferFor } from './settle';

/**
 * For an account that signed up after being sent something: every open transfer sent to one of its
 * verified aliases is completed into it. Answers `{}`; a transfer another call completed (or
 * that was cancelled or returned meanwhile) is passed over.
 */
export const resolveClaimableAssets = authedOperation(async ({ auth, now }) => {
  const account = await auth.access.account(auth.principal.accountId);
  for (const alias of await listAccountAliases(account.id)) {
    const waiting = await assetTransferEntity.all({ partition: aliasTransfersPartition(alias), index: 'GSI2' });
    for (const { id } of waiting) {
      await claimAssetTransferFor(id, account, 'alias', auth.principal.crn, now).catch((error: unknown) => {
        if (!(error instanceof ApiError && error.statusCode === 403)) throw error;
      });
    }
  }
  return {};
});
