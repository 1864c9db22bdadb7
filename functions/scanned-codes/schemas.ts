import { id, idOf } from '../../schemas/common';

/** Who scanned the code: the docs name one party. */
const SCANNED_BY = ['merchant'] as const;
/** What a code may decode to: the platform's own codes. */
export const RESOURCE_TYPES = ['payment-request', 'patron-code', 'asset-transfer', 'connection'] as const;

export const decodeScannedCodeBody = {
  type: 'object',
  required: ['code', 'scannedBy', 'merchantConfigId'],
  properties: {
    /** What the scanner read: a QR code's text or a barcode's digits (a link's longest form fits). */
    code: { type: 'string', minLength: 1, maxLength: 512 },
    scannedBy: { enum: SCANNED_BY },
    merchantConfigId: idOf('merchantConfig'),
  },
} as const;

export const scannedCode = {
  type: 'object',
  required: ['code', 'scannedBy', 'merchantConfigId', 'provider', 'displayName', 'resourceType'],
  properties: {
    code: { type: 'string' },
    scannedBy: { enum: SCANNED_BY },
    merchantConfigId: { type: 'string' },
    /** Who owns the code: the platform's own codes are `centrapay`'s. */
    provider: { enum: ['centrapay'] },
    displayName: { type: 'string' },
    resourceType: { enum: RESOURCE_TYPES },
    /** Absent for another account's patron code: the scanner learns what the code is, not which. */
    resourceId: id,
  },
} as const;

/** The scanned-codes group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  DecodeScannedCodeBody: decodeScannedCodeBody,
  ScannedCode: scannedCode,
} as const;
