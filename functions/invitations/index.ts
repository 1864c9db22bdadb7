/**
 * The invitations group's public face. A new kind of invitation is a module of this group
 * implementing InvitationKind and listed in kinds.ts, reaching its resource's group through that
 * group's public face, as account-membership.ts reaches accounts'. A group that issues invitations
 * in its own transactions (managed integrations' claim) uses issueInvitation and implements its kind
 * itself (InvitationKind is the port), which this group's Lambda entry passes in (kinds.ts): this group
 * never imports that one.
 */
export { invitationIsOpen, issueInvitation } from './issue-invitation';
export type { InvitationKind } from './kind';
export { markInvitationSent } from './mark-sent';
