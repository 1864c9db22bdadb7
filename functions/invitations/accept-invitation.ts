import type { FromSchema } from 'json-schema-to-ts';
import type { acceptInvitationBody } from './schemas';
import { findUser } from '../accounts';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { businessRule, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { closeSteps, present } from './invitation-store';
import { kindsWith, type WiredKinds } from './kinds';
import { assertOpen, loadInvitation } from './load-invitation';
import type { StoredInvitation } from './entities';

type Body = FromSchema<typeof acceptInvitationBody>;

/**
 * Accepts an invitation: its code must match; it must be open (not accepted, revoked or expired);
 * one addressed to an alias is accepted only by its recipient, a signed-in user whose email is the
 * alias (an API key has no alias: RECIPIENT_ALIAS_MISMATCH), one without (a managed integration's
 * claim) by whoever holds its code; `accountId` is the caller's own account. The kind's effect (the
 * membership, the claim) and the invitation's close (accepted, alias scrubbed, its open guard
 * released) are one transaction, so two accepts make one member or one claim. `wired`: the kinds
 * other groups implement (kinds.ts).
 */
export const acceptInvitation = (wired: WiredKinds) =>
  authedOperation<Body>(async ({ params, body, auth }) => {
    const { principal, access } = auth;
    return retryOnConflict(async () => {
      const { stored, now } = await loadInvitation(params.invitationId, access);
      if (stored.code !== body.code) throw forbidden();
      assertOpen(stored, now, 'INVITATION_ALREADY_ACCEPTED');
      const user = principal.kind === 'user' ? await findUser(principal.userId!) : undefined;
      // Only a verified email is the recipient's alias.
      if (stored.recipientAlias !== undefined && (!user?.emailVerified || user.email !== stored.recipientAlias))
        throw businessRule('RECIPIENT_ALIAS_MISMATCH');
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
      const recipient = { crn: principal.crn, accountId: acceptedBy.id, ...(user ? { userId: user.id } : {}) };
      await kindsWith(wired)[stored.type].accept(
        stored,
        recipient,
        closeSteps(stored, next, 'INVITATION_ALREADY_ACCEPTED'),
        now,
      );
      return present(next);
    });
  });
