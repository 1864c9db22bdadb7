import { findBankAccount, type BankAccount } from '../bank-accounts';
import { forbidden } from '../core/errors/classes';
import type { AuthedRequest } from '../core/http/operation';
import { approvalEntity, type StoredApproval } from './entities';

/**
 * A bank account the caller may act on under the route's permission; a missing one or another account's is FORBIDDEN.
 */
export async function loadBankAccount(auth: AuthedRequest['auth'], bankAccountId: string): Promise<BankAccount> {
  const account = await findBankAccount(bankAccountId);
  if (!account) throw forbidden();
  await auth.access.account(account.accountId);
  return account;
}

/** The approval the path names, if the caller may act on its account under the route's permission; else FORBIDDEN. */
export async function loadApproval(request: AuthedRequest): Promise<StoredApproval> {
  const approval = await approvalEntity.get(request.params.bankAccountApprovalId);
  if (!approval) throw forbidden();
  await request.auth.access.account(approval.accountId);
  return approval;
}
