import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { invitationEntity } from './entities';

/**
 * The invitation's email was accepted by the provider: an invitation still `created` and open becomes `sent`
 * (a versioned change, so a concurrent accept or revoke re-reads rather than being undone). Once: a sent,
 * accepted or revoked one is left as it is.
 */
export function markInvitationSent(id: string, now: Date): Promise<void> {
  return retryOnConflict(async () => {
    const stored = await invitationEntity.get(id);
    if (stored?.status !== 'created' || stored.accepted) return;
    await invitationEntity.update([id], {
      set: { status: 'sent', updatedAt: isoTimestamp(now) },
      version: stored.version,
    });
  });
}
