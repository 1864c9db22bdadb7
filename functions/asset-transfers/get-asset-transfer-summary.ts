import { forbidden } from '../core/errors/classes';
import { publicOperation } from '../core/http/operation';
import { loadAssetTransfer } from './settle';
import { presentSummary } from './transfer-store';

/** What a claim page shows, to anyone holding the link. */
export const getAssetTransferSummary = publicOperation(async ({ params, now }) => {
  const transfer = await loadAssetTransfer(params.assetTransferId, now);
  if (!transfer) throw forbidden();
  return presentSummary(transfer);
});
