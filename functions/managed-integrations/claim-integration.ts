import { isoTimestamp } from '../core/clock';
import type { TransactionStep } from '../core/db/transaction';
import { businessRule, forbidden } from '../core/errors/classes';
import { managedIntegrationEntity, type StoredManagedIntegration } from './entities';
import { saveIntegration } from './integration-store';
import { awaitsClaim } from './status';

/** The integration an invitation to claim names (its managing account, type and external id) and the invitation. */
export interface ClaimTarget {
  accountId: string;
  type: string;
  externalId: string;
  integrationId: string;
  invitationId: string;
}

/**
 * Claims the integration for the recipient's account, in one transaction with the invitation's
 * acceptance (`steps`): the claim fields set, `provisioning` with `inProgress`, nothing else changed.
 * Only an integration still awaiting the claim of this invitation can be claimed: one disabled since,
 * or carrying a newer invitation, no longer stands by it (INVITATION_REVOKED).
 */
export async function claimIntegration(
  target: ClaimTarget,
  recipient: { crn: string; accountId: string },
  steps: TransactionStep[],
  now: Date,
): Promise<void> {
  const current = await managedIntegrationEntity.get(target.accountId, target.type, target.externalId);
  if (!current || current.id !== target.integrationId) throw forbidden();
  const byThisInvitation = current.invitation?.id === target.invitationId;
  // Claimed by this invitation since it was read open: its acceptance committed with the claim.
  if (byThisInvitation && current.claimedByAccountId !== undefined) throw businessRule('INVITATION_ALREADY_ACCEPTED');
  if (!byThisInvitation || !awaitsClaim(current)) throw businessRule('INVITATION_REVOKED');
  const at = isoTimestamp(now);
  const next: StoredManagedIntegration = {
    ...current,
    status: 'provisioning',
    inProgress: true,
    claimedByAccountId: recipient.accountId,
    claimedBy: recipient.crn,
    claimedAt: at,
    updatedAt: at,
    updatedBy: recipient.crn,
    version: current.version + 1,
  };
  await saveIntegration(current, next, steps);
}
