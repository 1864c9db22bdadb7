import type { RouteSpec } from '../core/http/route';

/** The patron-codes group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST', path: '/api/patron-codes', operation: 'createPatronCode',
    permission: 'patron-codes:create', authentication: 'apiKey', body: 'CreatePatronCodeBody', response: 'PatronCode',
    summary: "Create a patron code (barcode) for the caller's account",
  },
  {
    method: 'GET', path: '/api/patron-codes/{patronCodeId}', operation: 'getPatronCode',
    permission: 'patron-codes:read', authentication: 'apiKey', response: 'PatronCode', summary: 'Get a patron code',
  },
  {
    method: 'GET', path: '/api/patron-codes/barcode/{barcode}', operation: 'getPatronCodeByBarcode',
    permission: 'patron-codes:read', authentication: 'apiKey', response: 'PatronCode', summary: 'Look up a live patron code by its barcode',
    impossibleId: { status: 400, code: 'CHECKSUM_FAILED' },
  },
  {
    method: 'GET', path: '/api/patron-codes/{namespace}/external-id/{externalId}', operation: 'getPatronCodeByExternalId',
    permission: 'patron-codes:read', authentication: 'apiKey', response: 'PatronCode', summary: 'Get a patron code by namespace and external id',
    impossibleId: { status: 403, code: 'PATRON_CODE_INVALID' },
  },
  {
    method: 'POST', path: '/api/patron-codes/{patronCodeId}/metadata', operation: 'setPatronCodeMetadata',
    permission: 'patron-codes:read', authentication: 'apiKey', body: 'PatronCodeMetadataBody', response: 'PatronCodeMetadata',
    impossibleId: { status: 403, code: 'PATRON_CODE_INVALID' },
    summary: 'Merge metadata into a live patron code',
  },
] as const satisfies readonly RouteSpec[];
