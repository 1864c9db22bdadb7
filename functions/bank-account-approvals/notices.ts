import type { BankAccount } from '../bank-accounts';
import { findUser } from '../accounts';
import type { AuthedRequest } from '../core/http/operation';
import { notificationStep, operationsNotice } from '../core/notifications/outbox';
import type { StoredApproval } from './entities';

/**
 * Who is told a review's outcome: the requesting user, or, for a request by API key, the person who gave the
 * bank account's direct-debit authority; nobody when neither is known (the approval then stays at its decision).
 */
export async function requesterEmail(auth: AuthedRequest['auth'], account: BankAccount): Promise<string | undefined> {
  const user = auth.principal.userId ? await findUser(auth.principal.userId) : undefined;
  return user?.email ?? account.directDebitAuthority?.emailAddress;
}

/** The operations desk's email that an approval awaits review (its delivery moves it `created` → `pending`). */
export function reviewNotice(record: StoredApproval, account: BankAccount) {
  return operationsNotice(
    {
      template: 'approval-review',
      data: {
        approvalId: record.id,
        type: record.type,
        bankAccountId: record.bankAccountId,
        accountId: record.accountId,
      },
      subject: { kind: 'bank-account-approval', id: record.id },
      test: account.test === true,
    },
    record.createdAt,
  );
}

/** The requester's email with the decision (its delivery moves the approval to `done`); none without an address. */
export function outcomeNotice(reviewed: StoredApproval, account: BankAccount | undefined, reason: string | undefined) {
  if (!reviewed.requesterEmail) return [];
  return [
    notificationStep(
      {
        channel: 'email',
        to: reviewed.requesterEmail,
        template: 'approval-outcome',
        data: {
          approvalId: reviewed.id,
          type: reviewed.type,
          bankAccountName: account?.bankAccountName ?? reviewed.bankAccountId,
          decision: reviewed.status,
          ...(reason ? { reason } : {}),
        },
        subject: { kind: 'bank-account-approval', id: reviewed.id },
        test: account?.test === true,
      },
      reviewed.modifiedAt,
    ),
  ];
}
