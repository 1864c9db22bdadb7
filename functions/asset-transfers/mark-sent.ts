import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { assetTransferEntity } from './entities';
import { maskAlias } from './transfer-store';

/**
 * The recipient's message was accepted by the provider: a transfer still `created` becomes `sent`, with
 * where it went (`lastSentTo`, masked). A versioned change, so a concurrent claim, cancel or return
 * re-reads; once: a transfer that moved on is left as it is.
 */
export function markAssetTransferSent(id: string, sentTo: string, now: Date): Promise<void> {
  return retryOnConflict(async () => {
    const transfer = await assetTransferEntity.get(id);
    if (transfer?.status !== 'created') return;
    await assetTransferEntity.update([id], {
      set: { status: 'sent', lastSentTo: maskAlias(sentTo), updatedAt: isoTimestamp(now) },
      version: transfer.version,
    });
  });
}
