import type { InvitationKind } from '../invitations';
import { claimIntegration } from './claim-integration';

/**
 * An invitation to claim a managed integration, issued by this group when the integration starts
 * awaiting a claim; accepting it claims the integration for the accepting account. This group
 * implements the invitations group's port (InvitationKind) because it imports that group to issue
 * the invitation; the invitations group's Lambda entry passes this kind in.
 */
export const managedIntegrationClaim: InvitationKind = {
  type: 'managed-integration',
  resourceType: 'managed-integration',
  accept: (invitation, recipient, steps, now) =>
    claimIntegration(
      {
        accountId: invitation.accountId,
        type: invitation.params.managedIntegrationType,
        externalId: invitation.params.externalId,
        integrationId: invitation.resourceId,
        invitationId: invitation.id,
      },
      recipient,
      steps,
      now,
    ),
};
