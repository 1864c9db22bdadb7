import type { FromSchema } from 'json-schema-to-ts';
import { createBusinessBody } from './schemas';
import { accountCreation } from '../accounts';
import type { Account } from '../core/auth/account-directory';
import { runTransaction, type TransactionStep } from '../core/db/transaction';
import { ApiError, businessRule } from '../core/errors/classes';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import { newId } from '../core/ids';
import { declaredOnly } from '../core/validation/declared-only';
import { businessCreation } from './business-store';
import { companyRegister } from './company-register';

type Body = FromSchema<typeof createBusinessBody>;

/** Businesses are companies of the New Zealand register, held by NZ org accounts. */
const REGION = 'NZ';

/**
 * Creates the business of a registered company (`applied`) for an org account of the caller's, or
 * for a new org account (the caller's child, named after the company) made in the same transaction,
 * so a refused business leaves no account behind. INVALID_ACCOUNT: the account is missing, not the
 * caller's, not an org or not in NZ; INVALID_NZBN: the register does not know the NZBN;
 * BUSINESS_ALREADY_EXISTS: the account has a business, or the NZBN one of its liveness.
 */
export const createBusiness = authedOperation<Body>(async ({ body, auth, now }) => {
  const input = declaredOnly(createBusinessBody, body);
  const existing = input.accountId === undefined ? undefined : await existingAccount(auth, input.accountId);
  const test = existing ? existing.test === true : (input.test ?? auth.principal.account.test === true);
  if (input.test !== undefined && input.test !== test) throw businessRule('LIVENESS_MISMATCH');
  if (!existing) {
    // A new account is the caller's: it takes the permission to create accounts, and a test caller makes test ones.
    auth.access.also('accounts:create');
    if (auth.principal.account.test && !test) throw businessRule('LIVENESS_MISMATCH');
  }
  const company = await companyRegister().find(input.nzbn);
  if (!company) throw businessRule('INVALID_NZBN');

  const steps: TransactionStep[] = [];
  let account: Pick<Account, 'id' | 'name'> | undefined = existing;
  if (!account) {
    const created = accountCreation(
      {
        name: company.tradingName ?? company.companyName,
        type: 'org',
        region: REGION,
        test,
        parentAccountId: auth.principal.role === 'platform-operator' ? undefined : auth.principal.accountId,
      },
      auth.principal.crn,
      now,
    );
    account = created.account;
    steps.push(...created.steps);
  }
  const { business, steps: businessSteps } = businessCreation(
    {
      accountId: account.id,
      accountName: account.name,
      name: company.companyName,
      nzbn: company.nzbn,
      tradingName: company.tradingName,
      companyNumber: company.companyNumber,
      taxNumber: input.taxNumber,
      location: input.location,
      test,
    },
    auth.principal.crn,
    now,
    newId(),
  );
  await runTransaction([...steps, ...businessSteps]);
  return business;
});

/** The named account, if the caller may act for it and it can hold a business; else INVALID_ACCOUNT. */
async function existingAccount(auth: AuthedRequest['auth'], accountId: string): Promise<Account> {
  const account = await auth.access.account(accountId).catch((error: unknown) => {
    throw error instanceof ApiError && error.statusCode === 403 ? businessRule('INVALID_ACCOUNT') : error;
  });
  if (account.type !== 'org' || account.region !== REGION) throw businessRule('INVALID_ACCOUNT');
  return account;
}
