import { isoTimestamp } from '../core/clock';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { authedOperation } from '../core/http/operation';
import { closeSteps, present } from './invitation-store';
import { assertOpen, loadInvitation } from './load-invitation';

/** Revokes an open invitation of the caller's account; revoking a revoked one answers it as it is. */
export const revokeInvitation = authedOperation(async ({ params, auth }) =>
  retryOnConflict(async () => {
    const { stored, now } = await loadInvitation(params.invitationId, auth.access);
    assertOpen(stored, now, 'INVITATION_ACCEPTED');
    if (stored.status === 'revoked') return present(stored);
    const at = isoTimestamp(now);
    const next = {
      ...stored,
      status: 'revoked' as const,
      updatedAt: at,
      updatedBy: auth.principal.crn,
      version: stored.version + 1,
    };
    await runTransaction(closeSteps(stored, next, 'INVITATION_ACCEPTED'));
    return present(next);
  }),
);
