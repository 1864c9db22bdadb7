import { claimIntegration } from '../managed-integrations';
import type { InvitationKind } from './kind';

/**
 * An invitation to claim a managed integration, issued by the integration's group when it starts
 * awaiting a claim; accepting it claims the integration for the accepting account.
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
