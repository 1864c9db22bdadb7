import { crn, id, pageQuery, timestamp } from '../../schemas/common';

export const MANAGED_INTEGRATION_TYPES = ['payment-referral', 'partner-business'] as const;
export type ManagedIntegrationType = (typeof MANAGED_INTEGRATION_TYPES)[number];

const MANAGED_INTEGRATION_STATUSES = ['created', 'pending', 'provisioning', 'active', 'inactive', 'archived'] as const;

export const managedIntegration = {
  type: 'object',
  required: [
    'id',
    'type',
    'externalId',
    'enabled',
    'params',
    'status',
    'inProgress',
    'createdAt',
    'createdBy',
    'updatedAt',
    'updatedBy',
  ],
  properties: {
    id,
    type: { enum: MANAGED_INTEGRATION_TYPES },
    externalId: { type: 'string' },
    enabled: { type: 'boolean' },
    /** By type (params.ts). */
    params: { type: 'object' },
    status: { enum: MANAGED_INTEGRATION_STATUSES },
    /** A status transition is under way (`provisioning`). */
    inProgress: { type: 'boolean' },
    /** Present, true, only for a test integration. */
    test: { const: true },
    claimedByAccountId: id,
    claimedBy: crn,
    claimedAt: timestamp,
    /** The invitation to claim it (status.ts): issued on entering `pending`, kept once claimed. */
    invitation: {
      type: 'object',
      required: ['id', 'code', 'expiresAt'],
      additionalProperties: false,
      properties: { id, code: { type: 'string' }, expiresAt: timestamp },
    },
    createdAt: timestamp,
    createdBy: crn,
    updatedAt: timestamp,
    updatedBy: crn,
  },
} as const;

export const putManagedIntegrationBody = {
  type: 'object',
  required: ['enabled', 'params'],
  properties: {
    enabled: { type: 'boolean' },
    params: { type: 'object', maxProperties: 32 },
    /** Fixed once the integration exists. */
    test: { type: 'boolean' },
  },
} as const;

/** What the provider reports about an integration (operator-only: it stands in for the provider). */
export const providerOutcomeBody = {
  type: 'object',
  required: ['outcome'],
  properties: { outcome: { enum: ['provisioned', 'failed', 'deprovisioned'] } },
} as const;

const managedIntegrationPage = {
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: managedIntegration }, nextPageKey: { type: 'string' } },
} as const;

export const managedIntegrationsQuery = { type: 'object', properties: { ...pageQuery } } as const;

/** The managed-integrations group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  ManagedIntegration: managedIntegration,
  PutManagedIntegrationBody: putManagedIntegrationBody,
  ProviderOutcomeBody: providerOutcomeBody,
  ManagedIntegrationPage: managedIntegrationPage,
  ManagedIntegrationsQuery: managedIntegrationsQuery,
} as const;
