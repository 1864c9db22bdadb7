import type { FromSchema } from 'json-schema-to-ts';
import type { Access } from '../core/auth/access';
import type { Account } from '../core/auth/account-directory';
import type { TransactionStep } from '../core/db/transaction';
import type { StoredInvitation } from './entities';
import type { createInvitationBody, INVITATION_TYPES, RESOURCE_TYPES } from './schemas';

export type InvitationType = (typeof INVITATION_TYPES)[number];
export type ResourceType = (typeof RESOURCE_TYPES)[number];
/** The types POST /api/invitations creates (a managed integration's claim is issued by its group). */
export type CreatableType = FromSchema<typeof createInvitationBody>['type'];

/** Who accepts: the caller's crn, the account they accept for, and the user when the caller is one. */
interface Recipient {
  crn: string;
  accountId: string;
  userId?: string;
}

/**
 * One kind of invitation: what accepting it does. The invitation's life (code, expiry, one open
 * invitation per recipient and resource, accept, revoke, the alias check and scrub) is the group's,
 * the same for every kind; a kind supplies only this.
 */
export interface InvitationKind {
  type: InvitationType;
  resourceType: ResourceType;
  /** Gives the recipient what the invitation gives, in one transaction with the invitation's own steps. */
  accept(invitation: StoredInvitation, recipient: Recipient, steps: TransactionStep[], now: Date): Promise<void>;
}

/** A kind anyone allowed may create through POST /api/invitations, to an addressed recipient. */
export interface CreatableKind extends InvitationKind {
  type: CreatableType;
  /**
   * Checks the caller may invite to the resource with these params (throws FORBIDDEN or the
   * kind's code); returns the account the invitation belongs to and the params it stores.
   */
  prepare(
    input: { resourceId: string; params: Record<string, unknown> },
    access: Access,
  ): Promise<{ account: Account; params: Record<string, string> }>;
  /** Whether the recipient already holds what the invitation would give (RECIPIENT_ALREADY_INVITED). */
  joined(resourceId: string, recipientAlias: string): Promise<boolean>;
}
