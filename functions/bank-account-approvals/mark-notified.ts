import { retryOnConflict } from '../core/db/transaction';
import type { Notification } from '../core/notifications/outbox';
import { approvalEntity, type Approval } from './entities';

/** What each of an approval's emails moves once the provider accepted it: from which statuses, to which. */
const MOVES: Readonly<Record<string, { from: readonly Approval['status'][]; to: Approval['status'] }>> = {
  // The reviewer was told: the approval awaits their review.
  'approval-review': { from: ['created'], to: 'pending' },
  // The requester was told the decision: nothing about it is left to do.
  'approval-outcome': { from: ['approved', 'declined'], to: 'done' },
};

/**
 * An approval's email went out: its approval moves on, once. A versioned change, so a concurrent review
 * re-reads; an approval already past the move (reviewed before its reviewer's email went out, or moved by an
 * earlier delivery) is left as it is. `modifiedAt` and `modifiedBy` stay those of the last person's change.
 */
export function markApprovalNotified(notification: Notification): Promise<void> {
  const move = MOVES[notification.template];
  if (!move) throw new Error(`no approval move for ${notification.template}`);
  return retryOnConflict(async () => {
    const stored = await approvalEntity.get(notification.subject.id);
    if (!stored || !move.from.includes(stored.status)) return;
    await approvalEntity.update([stored.id], {
      set: { status: move.to },
      version: stored.version,
    });
  });
}
