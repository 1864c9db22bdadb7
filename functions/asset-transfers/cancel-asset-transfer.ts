import { authedOperation } from '../core/http/operation';
import { spendAccess } from '../wallet-assets';
import { cancelAssetTransferBy } from './settle';
import { present } from './transfer-store';

/**
 * The sender cancels an open transfer: what it still holds is released to the sender's asset. That
 * acts on the sender's held value, so it needs `assets:spend` as sending does: a key that could not
 * send (refused before anything is read) cannot cancel the owner's sends either.
 */
export const cancelAssetTransfer = authedOperation(async ({ params, auth, now }) => {
  const spend = spendAccess(auth.access);
  const mayCancel = async ({ senderAccountId }: { senderAccountId: string }) => {
    await auth.access.account(senderAccountId);
    await spend.account(senderAccountId);
  };
  return present(await cancelAssetTransferBy(params.assetTransferId, mayCancel, now));
});
