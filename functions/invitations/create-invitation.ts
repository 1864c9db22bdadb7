import type { FromSchema } from 'json-schema-to-ts';
import type { createInvitationBody } from './schemas';
import { normalEmail } from '../accounts';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { badRequest, businessRule } from '../core/http/errors';
import { authedOperation } from '../core/http/operation';
import { newId } from '../core/ids';
import { insertInvitation, present } from './invitation-store';
import { KINDS } from './kinds';
import type { StoredInvitation } from './entities';

type Body = FromSchema<typeof createInvitationBody>;

/** An invitation is open for a day (the reference's examples expire 24 hours after creation). */
export const INVITATION_LIFETIME_MS = 24 * 3600 * 1000;

/**
 * Creates an invitation of the body's kind: the kind checks the resource and params, then the
 * invitation is written with a unique code and as the recipient's one open invitation to the resource.
 */
export const createInvitation = authedOperation<Body>(async ({ body, auth, now }) => {
  const kind = KINDS[body.type];
  if (body.resourceType !== kind.resourceType) throw badRequest(`resourceType must be ${kind.resourceType} for ${kind.type} invitations`);
  const { account, params } = await kind.prepare({ resourceId: body.resourceId, params: body.params }, auth.access);
  const recipientAlias = normalEmail(body.recipientAlias);
  if (await kind.joined(body.resourceId, recipientAlias)) throw businessRule('RECIPIENT_ALREADY_INVITED');
  const at = isoTimestamp(now);
  // A fresh code on a retry: codes are unique by their guard, and a collision is a race like any other.
  return retryOnConflict(async () => {
    const stored: StoredInvitation = {
      id: newId(),
      code: newId(),
      type: kind.type,
      resourceId: body.resourceId,
      resourceType: kind.resourceType,
      accountId: account.id,
      expiresAt: isoTimestamp(new Date(now.getTime() + INVITATION_LIFETIME_MS)),
      status: 'created',
      recipientAlias,
      params,
      ...(account.test ? { test: true } : {}),
      createdAt: at,
      createdBy: auth.principal.crn,
      updatedAt: at,
      updatedBy: auth.principal.crn,
      version: 1,
    };
    await insertInvitation(stored);
    return present(stored);
  }, 3);
});
