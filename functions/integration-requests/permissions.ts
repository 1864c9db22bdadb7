import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the integration-requests group owns (its rows at https://docs.centrapay.com/api/auth, plus
 * `activate`, where the matrix is silent). An integration request has two parties: the account
 * that asks to serve a merchant (`accountId`, the request's owner) and the merchant's account.
 * Either party's owner reads it and may withdraw it (`create`); only the merchant's side activates
 * it (`activate`: the merchant consents to be served); only the operator configures it
 * (`configure`, granted to no role).
 */
export const PERMISSIONS = {
  'integration-requests:create': { flags: ['org'], roles: own('account-owner') },
  'integration-requests:read': { flags: ['org'], roles: own('account-owner') },
  'integration-requests:activate': { flags: ['org'], roles: own('account-owner') },
  'integration-requests:configure': { flags: [], roles: {} },
} as const satisfies Record<string, Grant>;
