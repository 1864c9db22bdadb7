import type { FromSchema } from 'json-schema-to-ts';
import type { walletApprovalBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findWallet, replaceWallet, type Wallet } from './wallet-store';

type Body = FromSchema<typeof walletApprovalBody>;

/**
 * The platform operator's approval of a wallet app (`wallets:approve`): an approved app is offered
 * on every connection's connect page; without it, only on the pages of its own account's connections.
 */
export const setWalletApproval = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const wallet = await findWallet(params.walletAppId);
  if (!wallet) throw forbidden();
  await auth.access.account(wallet.accountId);
  const next: Wallet = { ...wallet, approvedAt: isoTimestamp(now), approvedBy: auth.principal.crn };
  if (!body.approved) {
    delete next.approvedAt;
    delete next.approvedBy;
  }
  return replaceWallet(next);
});
