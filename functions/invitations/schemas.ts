import { crn, id, idOf, pageQuery, timestamp } from '../../schemas/common';
import { MEMBER_ROLES } from '../core/auth/permissions';

/**
 * Invitation types and the resources they name. A managed integration's claim invitation is issued
 * only by enabling the integration (functions/managed-integrations), never through POST /api/invitations.
 */
export const INVITATION_TYPES = ['account-membership', 'managed-integration'] as const;
export const RESOURCE_TYPES = ['account', 'managed-integration'] as const;
const CREATABLE_TYPES = ['account-membership'] as const;
const CREATABLE_RESOURCE_TYPES = ['account'] as const;

/** An email address as a recipient alias: compared without case, stored lower-cased. */
const email = { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' } as const;

export const invitation = {
  type: 'object',
  required: [
    'id',
    'code',
    'type',
    'resourceId',
    'resourceType',
    'expiresAt',
    'status',
    'params',
    'createdAt',
    'createdBy',
    'updatedAt',
    'updatedBy',
  ],
  additionalProperties: false,
  properties: {
    id,
    code: { type: 'string' },
    type: { enum: INVITATION_TYPES },
    resourceId: id,
    resourceType: { enum: RESOURCE_TYPES },
    expiresAt: timestamp,
    status: { enum: ['created', 'sent', 'revoked'] },
    /** Scrubbed once the invitation is accepted. */
    recipientAlias: { type: 'string' },
    /**
     * By type; an account membership's: `role` and the account's `accountName`; a managed
     * integration's: its `managedIntegrationType` and `externalId`.
     */
    params: { type: 'object', additionalProperties: { type: 'string' } },
    accepted: { type: 'boolean' },
    acceptedAt: timestamp,
    acceptedBy: crn,
    acceptedByAccountId: id,
    test: { type: 'boolean' },
    createdAt: timestamp,
    createdBy: crn,
    updatedAt: timestamp,
    updatedBy: crn,
  },
} as const;

/**
 * The account-membership kind's params. A second creatable kind adds its own params here (as
 * `oneOf` by `type`) and its kind module (kinds.ts); a kind issued by another group (the managed
 * integration claim) is not creatable here and takes none.
 */
const accountMembershipParams = {
  type: 'object',
  required: ['role'],
  properties: { role: { enum: MEMBER_ROLES } },
} as const;

export const createInvitationBody = {
  type: 'object',
  required: ['type', 'resourceId', 'resourceType', 'recipientAlias', 'params'],
  properties: {
    type: { enum: CREATABLE_TYPES },
    resourceId: idOf('id'),
    resourceType: { enum: CREATABLE_RESOURCE_TYPES },
    recipientAlias: email,
    params: accountMembershipParams,
  },
} as const;

export const acceptInvitationBody = {
  type: 'object',
  required: ['code', 'accountId'],
  properties: { code: idOf('id'), accountId: idOf('id') },
} as const;

const invitationList = {
  type: 'object',
  required: ['items'],
  additionalProperties: false,
  properties: { items: { type: 'array', items: invitation }, nextPageKey: { type: 'string' } },
} as const;

export const invitationsQuery = { type: 'object', properties: { ...pageQuery } } as const;

/** The invitation page's query: the code its email link carries. */
const invitationPageQuery = { type: 'object', required: ['code'], properties: { code: idOf('id') } } as const;

export const SCHEMAS = {
  Invitation: invitation,
  CreateInvitationBody: createInvitationBody,
  AcceptInvitationBody: acceptInvitationBody,
  InvitationList: invitationList,
  InvitationsQuery: invitationsQuery,
  InvitationPageQuery: invitationPageQuery,
};
