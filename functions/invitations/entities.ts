import type { FromSchema } from 'json-schema-to-ts';
import type { invitation } from './schemas';
import { defineEntity, type TableKey } from '../core/db/entity';

/**
 * The invitations group's entities: each owns its keys and index keys, stamps what it writes with
 * its type and schema version and parses what is read back (core/db/entity.ts).
 *
 * - invitation: PK INVITATION#<id>, SK INVITATION
 *   GSI1 ACCOUNTINVITATIONS#<accountId>, <createdAt>#<id>
 *   serves: get, accept, revoke; an account's invitations, newest first
 * - invitation code: PK INVITATIONCODE#<code>, SK INVITATIONCODE
 *   serves: get by code; the code is unique (guard)
 * - open invitation: PK OPENINVITATION#<type>#<resourceId>#<alias>, SK OPENINVITATION
 *   serves: one open invitation per recipient and resource (guard, until accepted, revoked or expired)
 */

export type Invitation = FromSchema<typeof invitation>;
/** Stored form: the owning account (listings, authorization) and a version for conditional changes. */
export type StoredInvitation = Invitation & { accountId: string; version: number };

const invitationKey = (id: string): TableKey => ({ PK: `INVITATION#${id}`, SK: 'INVITATION' });
export const accountInvitationsPartition = (accountId: string) => `ACCOUNTINVITATIONS#${accountId}`;

export const invitationEntity = defineEntity<StoredInvitation, [id: string]>({
  type: 'invitation',
  version: 1,
  key: invitationKey,
  keyOf: (i) => invitationKey(i.id),
  indexes: (i) => ({ GSI1PK: accountInvitationsPartition(i.accountId), GSI1SK: `${i.createdAt}#${i.id}` }),
  required: [
    'id',
    'code',
    'type',
    'resourceId',
    'resourceType',
    'accountId',
    'expiresAt',
    'status',
    'params',
    'createdAt',
    'createdBy',
    'updatedAt',
    'updatedBy',
    'version',
  ],
});

const codeKey = (code: string): TableKey => ({ PK: `INVITATIONCODE#${code}`, SK: 'INVITATIONCODE' });
export const invitationCodeEntity = defineEntity<{ code: string; invitationId: string }, [code: string]>({
  type: 'invitation-code',
  version: 1,
  key: codeKey,
  keyOf: (c) => codeKey(c.code),
  required: ['code', 'invitationId'],
});

export interface OpenInvitation {
  type: string;
  resourceId: string;
  recipientAlias: string;
  invitationId: string;
  /** An expired invitation no longer holds the recipient: a new one may replace it. */
  expiresAt: string;
}
const openKey = (type: string, resourceId: string, alias: string): TableKey => ({
  PK: `OPENINVITATION#${type}#${resourceId}#${alias}`,
  SK: 'OPENINVITATION',
});
export const openInvitationEntity = defineEntity<OpenInvitation, [type: string, resourceId: string, alias: string]>({
  type: 'open-invitation',
  version: 1,
  key: openKey,
  keyOf: (o) => openKey(o.type, o.resourceId, o.recipientAlias),
  required: ['type', 'resourceId', 'recipientAlias', 'invitationId', 'expiresAt'],
});
