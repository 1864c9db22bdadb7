import { isoTimestamp } from '../core/clock';
import { newId } from '../core/ids';
import type { TransactionStep } from '../core/db/transaction';
import { invitationEntity, type StoredInvitation } from './entities';
import { insertSteps } from './invitation-store';
import type { InvitationType, ResourceType } from './kind';
import { hasExpired } from './load-invitation';
import { madeBy } from '../core/audit';

/** An invitation is open for a day (the reference's examples expire 24 hours after creation). */
const INVITATION_LIFETIME_MS = 24 * 3600 * 1000;

export interface NewInvitation {
  type: InvitationType;
  resourceType: ResourceType;
  resourceId: string;
  /** The account the invitation belongs to (its listing, who may revoke it). */
  accountId: string;
  params: Record<string, string>;
  /** Absent: whoever holds the code may accept (accept-invitation.ts). */
  recipientAlias?: string;
  test?: boolean;
}

/** A new invitation record with a fresh code, open for INVITATION_LIFETIME_MS from now. */
export function newInvitation(fields: NewInvitation, by: string, now: Date): StoredInvitation {
  const at = isoTimestamp(now);
  const { test, recipientAlias, ...rest } = fields;
  return {
    id: newId(),
    code: newId(),
    ...rest,
    expiresAt: isoTimestamp(new Date(now.getTime() + INVITATION_LIFETIME_MS)),
    status: 'created',
    ...(recipientAlias !== undefined ? { recipientAlias } : {}),
    ...(test ? { test: true } : {}),
    ...madeBy(by, at),
    version: 1,
  };
}

/**
 * For another group to issue an invitation inside its own transaction: the summary the resource
 * carries ({id, code, expiresAt}) and the steps writing the invitation with its code's guard.
 */
export function issueInvitation(
  fields: NewInvitation,
  by: string,
  now: Date,
): { summary: { id: string; code: string; expiresAt: string }; steps: TransactionStep[] } {
  const stored = newInvitation(fields, by, now);
  return { summary: { id: stored.id, code: stored.code, expiresAt: stored.expiresAt }, steps: insertSteps(stored) };
}

/** Whether an invitation can still be accepted: neither accepted, revoked nor expired at `now`. */
export async function invitationIsOpen(id: string, now: Date): Promise<boolean> {
  const stored = await invitationEntity.get(id);
  return stored !== undefined && !stored.accepted && stored.status !== 'revoked' && !hasExpired(stored, now);
}
