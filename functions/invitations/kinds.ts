import { accountMembership } from './account-membership';
import type { InvitationKind, InvitationType } from './kind';

/** Every kind of invitation by its type: the one place a new kind is listed. */
export const KINDS: Readonly<Record<InvitationType, InvitationKind>> = {
  'account-membership': accountMembership,
};
