import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { loadAssetTransfer } from './settle';
import { present } from './transfer-store';

/** A transfer, to its sender's and its recipient's accounts (a due one is returned first). */
export const getAssetTransfer = authedOperation(async ({ params, auth, now }) => {
  const transfer = await loadAssetTransfer(params.assetTransferId, now);
  if (!transfer) throw forbidden();
  try {
    await auth.access.account(transfer.senderAccountId);
  } catch (error) {
    if (!transfer.recipientAccountId) throw error;
    await auth.access.account(transfer.recipientAccountId);
  }
  return present(transfer);
});
