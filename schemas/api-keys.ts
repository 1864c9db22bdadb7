import { API_KEY_ROLES } from '../functions/core/auth/permissions';
import { crn, id, timestamp } from './common';

const apiKeyName = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } as const;

export const apiKey = {
  type: 'object',
  required: ['name', 'accountId', 'role', 'enabled', 'version', 'createdAt', 'createdBy', 'modifiedAt', 'modifiedBy'],
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    accountId: id,
    role: { type: 'string' },
    enabled: { type: 'boolean' },
    version: { type: 'string' },
    createdAt: timestamp,
    createdBy: crn,
    modifiedAt: timestamp,
    modifiedBy: crn,
  },
} as const;

export const createdApiKey = {
  ...apiKey,
  required: [...apiKey.required, 'secret'],
  properties: { ...apiKey.properties, secret: { type: 'string' } },
} as const;

export const apiKeyList = { type: 'array', items: apiKey } as const;

export const createApiKeyBody = {
  type: 'object',
  required: ['name', 'role'],
  properties: { name: apiKeyName, role: { enum: API_KEY_ROLES } },
} as const;

export const updateApiKeyBody = {
  type: 'object',
  required: ['enabled'],
  properties: { enabled: { type: 'boolean' } },
} as const;
