import type { Access } from '../core/auth/access';
import { accountNow } from '../core/clock';
import { businessRule, forbidden } from '../core/errors/classes';
import type { IfAccepted } from './invitation-store';
import { invitationEntity, type StoredInvitation } from './entities';

/**
 * An invitation the caller may act on under the route's permission (another account's answers
 * FORBIDDEN, like a missing one), with the time on its account's clock, which its expiry goes by.
 */
export async function loadInvitation(id: string, access: Access): Promise<{ stored: StoredInvitation; now: Date }> {
  const stored = await invitationEntity.get(id);
  if (!stored) throw forbidden();
  const account = await access.account(stored.accountId);
  return { stored, now: await accountNow(account) };
}

export const hasExpired = (stored: StoredInvitation, now: Date) => now.getTime() >= Date.parse(stored.expiresAt);

/** The rules both closings share: an accepted invitation is closed for good; an expired one can no longer change. */
export function assertOpen(stored: StoredInvitation, now: Date, ifAccepted: IfAccepted): void {
  if (stored.accepted) throw businessRule(ifAccepted);
  if (stored.status === 'revoked' && ifAccepted === 'INVITATION_ALREADY_ACCEPTED')
    throw businessRule('INVITATION_REVOKED');
  if (hasExpired(stored, now)) throw businessRule('INVITATION_EXPIRED');
}
