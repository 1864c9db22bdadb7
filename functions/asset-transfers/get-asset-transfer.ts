import { forbidden } from '../core/errors/classes';
import { authedOperation, publicOperation } from '../core/http/operation';
import { loadAssetTransfer } from './settle';
import { present, presentSummary } from './transfer-store';

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

/** What a claim page shows, to anyone holding the link. */
export const getAssetTransferSummary = publicOperation(async ({ params, now }) => {
  const transfer = await loadAssetTransfer(params.assetTransferId, now);
  if (!transfer) throw forbidden();
  return presentSummary(transfer);
});
