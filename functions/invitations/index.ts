/**
 * The invitations group's public face. A new kind of invitation (managed integrations' enrolment)
 * is a module of this group implementing InvitationKind and listed in kinds.ts, reaching its
 * resource's group through that group's public face, as account-membership.ts reaches accounts';
 * so the dependency runs one way and core does not change.
 */
export type { InvitationKind } from './kind';
