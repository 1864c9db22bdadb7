import { connectionEntity } from './entities';
import type { FromSchema } from 'json-schema-to-ts';
import type { authorizeConnectionBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { businessRule, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findWallet } from '../wallets';
import { present } from './connection-views';

type Body = FromSchema<typeof authorizeConnectionBody>;

/**
 * created → authorized, by a wallet app of the caller's account. The connection may be any
 * account's (its link is the capability, as a claim page's is); the wallet must be the caller's.
 * Authorizing again with the same wallet answers the connection as it is; another wallet cannot
 * take it over (CONNECTION_ALREADY_AUTHORIZED).
 */
export const authorizeConnection = authedOperation<Body>(({ params, body, auth, now }) =>
  retryOnConflict(async () => {
    const connection = await connectionEntity.get(params.connectionId);
    if (!connection) throw forbidden();
    const wallet = await findWallet(body.walletId);
    if (!wallet) throw forbidden();
    const account = await auth.access.account(wallet.accountId);
    if ((account.test === true) !== connection.test) throw businessRule('LIVENESS_MISMATCH');
    if (connection.status === 'authorized') {
      if (connection.walletId === wallet.id) return present(connection);
      throw businessRule('CONNECTION_ALREADY_AUTHORIZED');
    }
    const at = isoTimestamp(now);
    const by = auth.principal.crn;
    return present(
      await connectionEntity.replace(connection, {
        ...connection,
        status: 'authorized',
        walletId: wallet.id,
        walletName: wallet.name,
        authorizedByAccountId: wallet.accountId,
        updatedAt: at,
        updatedBy: by,
      }),
    );
  }),
);
