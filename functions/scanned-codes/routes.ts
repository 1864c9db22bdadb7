import type { RouteSpec } from '../core/http/route';

/** The scanned-codes group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST',
    path: '/api/decode',
    operation: 'decodeScannedCode',
    permission: 'scanned-code:decode',
    authentication: 'apiKey',
    body: 'DecodeScannedCodeBody',
    response: 'ScannedCode',
    summary: "Decode what a merchant scanned (a payment request's QR code or short code, a patron code, a link)",
  },
] as const satisfies readonly RouteSpec[];
