import { authedOperation } from '../core/http/operation';
import { cancelAssetTransferBy } from './settle';
import { present } from './transfer-store';

/** The sender cancels an open transfer: what it still holds is released to the sender's asset. */
export const cancelAssetTransfer = authedOperation(async ({ params, auth, now }) =>
  present(await cancelAssetTransferBy(params.assetTransferId, (transfer) => auth.access.account(transfer.senderAccountId), now)),
);
