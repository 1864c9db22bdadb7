import type { FromSchema } from 'json-schema-to-ts';
import type { createInvitationBody } from './schemas';
import { normalEmail } from '../accounts';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { badRequest, businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { notificationStep } from '../core/notifications/outbox';
import { insertSteps, present } from './invitation-store';
import { newInvitation } from './issue-invitation';
import { CREATABLE_KINDS } from './kinds';
import type { StoredInvitation } from './entities';

type Body = FromSchema<typeof createInvitationBody>;

/**
 * Creates an invitation of the body's kind: the kind checks the resource and params, then the
 * invitation is written with a unique code and as the recipient's one open invitation to the resource,
 * with the email that tells the recipient (queued in the same transaction; sent by the notifications
 * consumer, which moves the invitation to `sent`).
 */
export const createInvitation = authedOperation<Body>(async ({ body, auth, now }) => {
  const kind = CREATABLE_KINDS[body.type];
  if (body.resourceType !== kind.resourceType)
    throw badRequest(`resourceType must be ${kind.resourceType} for ${kind.type} invitations`);
  const { account, params } = await kind.prepare({ resourceId: body.resourceId, params: body.params }, auth.access);
  const recipientAlias = normalEmail(body.recipientAlias);
  if (await kind.joined(body.resourceId, recipientAlias)) throw businessRule('RECIPIENT_ALREADY_INVITED');
  // A fresh code on a retry: codes are unique by their guard, and a collision is a race like any other.
  return retryOnConflict(async () => {
    const stored = newInvitation(
      {
        type: kind.type,
        resourceType: kind.resourceType,
        resourceId: body.resourceId,
        accountId: account.id,
        params,
        recipientAlias,
        test: account.test === true,
      },
      auth.principal.crn,
      now,
    );
    await runTransaction([...insertSteps(stored), invitationEmail(stored)]);
    return present(stored);
  }, 3);
});

/** The recipient's email: what they are invited to, and the link to the invitation page with its code. */
function invitationEmail(stored: StoredInvitation) {
  return notificationStep(
    {
      channel: 'email',
      to: stored.recipientAlias!,
      template: 'invitation',
      data: {
        invitationId: stored.id,
        code: stored.code,
        accountName: stored.params.accountName,
        role: stored.params.role,
        expiresAt: stored.expiresAt,
      },
      subject: { kind: 'invitation', id: stored.id },
      test: stored.test === true,
    },
    stored.createdAt,
  );
}
