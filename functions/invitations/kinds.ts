import { accountMembership } from './account-membership';
import type { CreatableKind, CreatableType, InvitationKind, InvitationType } from './kind';
import { managedIntegrationClaim } from './managed-integration-claim';

/** Every kind of invitation by its type: the one place a new kind is listed. */
export const KINDS: Readonly<Record<InvitationType, InvitationKind>> = {
  'account-membership': accountMembership,
  'managed-integration': managedIntegrationClaim,
};

/** The kinds POST /api/invitations creates. */
export const CREATABLE_KINDS: Readonly<Record<CreatableType, CreatableKind>> = {
  'account-membership': accountMembership,
};
