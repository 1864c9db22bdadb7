import { accountCreation, findAccount } from '../accounts';
import { Access, type Authorization } from '../core/auth/access';
import type { Account } from '../core/auth/account-directory';
import { serviceCrn } from '../core/crn';
import { EntityExistsError } from '../core/db/entity';
import { runTransaction } from '../core/db/transaction';
import { derivedId } from '../core/ids';

/**
 * The claim page's test identity: what "Claim as test identity" claims a test transfer into.
 *
 * - One test account (`test: true`, individual, no API key, created by `crn::service:asset-transfer-claim-page`),
 *   at an id derived from its purpose, so every instance finds the same one; made on first use, and of
 *   two first uses at once one creates it and the other finds it.
 * - The claim is authorized by the real permission matrix as the account owner of that account
 *   (`asset-transfers:claim` on its own account), as `POST /api/asset-transfers/{id}/claim` authorizes
 *   a caller, and goes through the same claim (settle.ts): a claimed transfer answers
 *   ASSET_TRANSFER_INVALID_STATUS, so a second click claims nothing.
 */
export const CLAIM_PAGE = serviceCrn('asset-transfer-claim-page');

const TEST_IDENTITY_ID = derivedId(undefined, 'asset-transfers', 'claim-page-test-identity');

/** The test identity's account as the claim operation's caller may act on it, made on first use. */
export async function testIdentity(authorization: Authorization, now: Date): Promise<Account> {
  const account = (await findAccount(TEST_IDENTITY_ID)) ?? (await create(now));
  const access = Access.forRoute(
    {
      kind: 'apiKey',
      accountId: account.id,
      account,
      keyName: 'claim-page',
      role: 'account-owner',
      crn: CLAIM_PAGE,
    },
    'asset-transfers:claim',
    authorization,
  );
  return access.account(account.id);
}

async function create(now: Date): Promise<Account> {
  const { account, steps } = accountCreation(
    { name: 'Claim page test identity', type: 'individual', test: true },
    CLAIM_PAGE,
    now,
    TEST_IDENTITY_ID,
  );
  try {
    await runTransaction(steps);
    return account;
  } catch (error) {
    if (!(error instanceof EntityExistsError)) throw error;
    const made = await findAccount(TEST_IDENTITY_ID);
    if (!made) throw error;
    return made;
  }
}
