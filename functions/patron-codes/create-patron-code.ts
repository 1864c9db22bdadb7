import type { FromSchema } from 'json-schema-to-ts';
import type { createPatronCodeBody } from './schemas';
import type { Account } from '../core/auth/account-directory';
import { badRequest, businessRule, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findToken } from '../tokens';
import { findWalletAsset } from '../wallet-assets';
import { insertPatronCode } from './patron-code-store';

type Body = FromSchema<typeof createPatronCodeBody>;

/** A code for the caller's account; usually no body. Test scenarios are for test accounts only. */
export const createPatronCode = authedOperation<Body>(async ({ body, auth, now }) => {
  const account = await auth.access.account(auth.principal.accountId);
  if (body.testScenarioName && !account.test) throw businessRule('LIVENESS_MISMATCH');
  if (body.externalId && !body.namespace) throw badRequest('namespace is required with externalId');
  if (body.assetId) await checkPayingAsset(body.assetId, account);
  // Only the body's own fields: the code belongs to the caller's account whatever else the body names.
  const { testScenarioName, namespace, externalId, assetId } = body;
  return insertPatronCode({ accountId: account.id, testScenarioName, namespace, externalId, assetId }, now);
});

/**
 * The asset a code pays with is one of the account's own active wallets (not a settlement wallet)
 * or tokens; a missing asset and another account's answer alike (FORBIDDEN).
 */
async function checkPayingAsset(assetId: string, account: Account): Promise<void> {
  const [wallet, token] = await Promise.all([findWalletAsset(assetId), findToken(assetId)]);
  const usable = wallet ? wallet.status === 'active' && !wallet.settlement : token?.token.status === 'active';
  if (!usable || (wallet?.accountId ?? token?.token.accountId) !== account.id) throw forbidden();
}
