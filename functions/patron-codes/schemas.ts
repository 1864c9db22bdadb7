import { crn, id, idOf, metadata, timestamp } from '../../schemas/common';

const TEST_SCENARIOS = ['force-condition-check-photo-id'] as const;

export const createPatronCodeBody = {
  type: 'object',
  properties: {
    testScenarioName: { enum: TEST_SCENARIOS },
    namespace: idOf('patronCodeNamespace'),
    externalId: idOf('externalId'),
    assetId: idOf('id'),
  },
} as const;

export const patronCode = {
  type: 'object',
  required: ['id', 'barcode', 'createdAt', 'expiresAt', 'appName', 'accountId', 'metadata'],
  properties: {
    id,
    barcode: { type: 'string' },
    createdAt: timestamp,
    expiresAt: timestamp,
    /** Deprecated: the app the code was made with: the platform's own, named by its issuer prefix. */
    appName: { type: 'string' },
    accountId: id,
    assetId: id,
    testScenarioName: { type: 'string' },
    namespace: { type: 'string' },
    externalId: { type: 'string' },
    metadata: { type: 'object' },
  },
} as const;

export const patronCodeMetadataBody = { type: 'object', required: ['metadata'], properties: { metadata } } as const;

const patronCodeMetadata = {
  type: 'object',
  required: ['patronCodeId', 'createdAt', 'createdBy', 'metadata'],
  properties: { patronCodeId: id, createdAt: timestamp, createdBy: crn, metadata: { type: 'object' } },
} as const;

/** The patron-codes group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  PatronCode: patronCode,
  CreatePatronCodeBody: createPatronCodeBody,
  PatronCodeMetadataBody: patronCodeMetadataBody,
  PatronCodeMetadata: patronCodeMetadata,
} as const;
