import type { FromSchema } from 'json-schema-to-ts';
import type { acceptInvitationBody } from './schemas';
import { findUser } from '../accounts';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { businessRule, forbidden } from '../core/http/errors';
import { authedOperation } from '../core/http/operation';
import { closeSteps, present } from './invitation-store';
import { KINDS } from './kinds';
import { assertOpen, loadInvitation } from './load-invitation';
import type { StoredInvitation } from './entities';

type Body = FromSchema<typeof acceptInvitationBody>;

/**
 * Accepts an invitation: its code must match; it must be open (not accepted, revoked or expired);
 * the caller must be its recipient, a signed-in user whose email is the invitation's alias (an API
 * key has no alias: RECIPIENT_ALIAS_MISMATCH); `accountId` is the caller's own account. The kind's
 * effect (the membership) and the invitation's close (accepted, alias scrubbed, its open guard
 * released) are one transaction, so two accepts make one member.
 */
export const acceptInvitation = authedOperation<Body>(async ({ params, body, auth }) => {
  const { principal, access } = auth;
  return retryOnConflict(async () => {
    const { stored, now } = await loadInvitation(params.invitationId, access);
    if (stored.code !== body.code) throw forbidden();
    assertOpen(stored, now, 'INVITATION_ALREADY_ACCEPTED');
    const user = principal.kind === 'user' ? await findUser(principal.userId!) : undefined;
    // Only a verified email is the recipient's alias.
    if (!user || !user.emailVerified || user.email !== stored.recipientAlias) throw businessRule('RECIPIENT_ALIAS_MISMATCH');
    const acceptedBy = await access.ownAccount(body.accountId);
    const at = isoTimestamp(now);
    const { recipientAlias: _scrubbed, ...rest } = stored;
    const next: StoredInvitation = {
      ...rest,
      accepted: true,
      acceptedAt: at,
      acceptedBy: principal.crn,
      acceptedByAccountId: acceptedBy.id,
      updatedAt: at,
      updatedBy: principal.crn,
      version: stored.version + 1,
    };
    await KINDS[stored.type].accept(stored, { userId: user.id, crn: principal.crn }, closeSteps(stored, next, 'INVITATION_ALREADY_ACCEPTED'), now);
    return present(next);
  });
});
