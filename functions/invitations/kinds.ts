import { accountMembership } from './account-membership';
import type { CreatableKind, CreatableType, InvitationKind, InvitationType } from './kind';

/**
 * The kinds a group that imports this one implements (InvitationKind is the port): a managed
 * integration's claim, whose group issues it through issueInvitation. Importing them here would be a
 * cycle, so this group's Lambda entry (functions/lambda/invitations.ts) passes them in.
 */
export type WiredKinds = Readonly<Record<'managed-integration', InvitationKind>>;

/** Every kind of invitation by its type: this group's own, listed here, and the wired ones. */
export const kindsWith = (wired: WiredKinds): Readonly<Record<InvitationType, InvitationKind>> => ({
  'account-membership': accountMembership,
  ...wired,
});

/** The kinds POST /api/invitations creates. */
export const CREATABLE_KINDS: Readonly<Record<CreatableType, CreatableKind>> = {
  'account-membership': accountMembership,
};
