import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { integrationRequestEntity } from './entities';

/**
 * The provider's email was accepted: the request records when (`notifiedAt`), once. A versioned change, so a
 * concurrent activation or configuration re-reads rather than being undone; a deleted request is left gone.
 */
export function markIntegrationRequestNotified(id: string, now: Date): Promise<void> {
  return retryOnConflict(async () => {
    const stored = await integrationRequestEntity.get(id);
    if (!stored || stored.notifiedAt) return;
    await integrationRequestEntity.update([id], { set: { notifiedAt: isoTimestamp(now) }, version: stored.version });
  });
}
