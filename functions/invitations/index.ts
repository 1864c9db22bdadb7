/**
 * The invitations group's public face. A new kind of invitation is a module of this group
 * implementing InvitationKind and listed in kinds.ts, reaching its resource's group through that
 * group's public face, as account-membership.ts reaches accounts' and managed-integration-claim.ts
 * managed integrations'. A group that issues invitations in its own transactions (managed
 * integrations' claim) uses issueInvitation; nothing here imports kinds.ts, so that group's face
 * importing this one makes no cycle.
 */
export { invitationIsOpen, issueInvitation } from './issue-invitation';
