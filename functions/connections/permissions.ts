import { own, type Grant } from '../core/auth/permissions';

/**
 * Grants of the permissions the connections group owns. The matrix (https://docs.centrapay.com/api/auth) names none
 * for connections: the keys that take payments for a merchant (owners, terminals, cashiers: those
 * holding payment-requests:create) ask to connect a wallet, on their own accounts' merchants; a
 * wallet app's owner authorizes with its own wallet. functions/permissions.ts assembles every group's.
 */
export const PERMISSIONS = {
  'connections:create': { flags: ['org'], roles: own('account-owner', 'merchant-terminal', 'cashier') },
  'connections:authorize': { flags: [], roles: own('account-owner') },
  // The wallet app's account follows the requests made over the connection it authorized.
  'connections:read-payment-requests': { flags: [], roles: own('account-owner') },
} as const satisfies Record<string, Grant>;
