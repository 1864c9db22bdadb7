/**
 * The legacy-payment-requests group's public face: the statuses and codes its operations answer in place of the
 * shared cores' (the OpenAPI document lists them per route, bin/openapi-error-codes.ts).
 */
export { TRANSLATIONS } from './legacy-errors';
