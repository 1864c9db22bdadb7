import { approvalSummaryStep, type BankAccount } from '../bank-accounts';
import { publicView } from '../core/db/entity';
import type { Page } from '../core/db/pagination';
import { TransactionConflictError, type TransactionStep } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import {
  approvalEntity,
  bankAccountApprovalsPartition,
  inProgressGuardEntity,
  type Approval,
  type StoredApproval,
} from './entities';
import { approval as approvalSchema } from './schemas';

/** Statuses of an approval still awaiting review. */
export const AWAITING_REVIEW: readonly Approval['status'][] = ['created', 'pending'];

/** How an approval's status shows on its bank account (`approvals`, one summary per type). */
export const SUMMARY_STATUS = {
  created: 'pending',
  pending: 'pending',
  approved: 'approved',
  declined: 'declined',
  done: 'approved',
} as const;

export const present = (record: StoredApproval): Approval => publicView<Approval>(approvalSchema, record);

/** The steps that write a new approval and show it on its bank account (one registered with it shows it already). */
export function approvalSteps(record: StoredApproval, account?: BankAccount): TransactionStep[] {
  return [approvalEntity.createStep(record), ...(account ? [summaryStep(record, account)] : [])];
}

const summaryStep = (record: StoredApproval, account: BankAccount) =>
  approvalSummaryStep(account, {
    type: record.type,
    status: SUMMARY_STATUS[record.status],
    updatedAt: record.modifiedAt,
  });

/**
 * The steps that request an approval awaiting review: the guard that makes it the bank account's
 * only one in progress (a second request, however concurrent, fails its condition), and the approval.
 */
export function requestSteps(record: StoredApproval, account: BankAccount): TransactionStep[] {
  return [
    inProgressGuardEntity.createStep(
      { bankAccountId: record.bankAccountId, approvalId: record.id },
      { onExists: () => businessRule('APPROVAL_ALREADY_IN_PROGRESS') },
    ),
    ...approvalSteps(record, account),
  ];
}

/**
 * The steps that record a review: the approval's next state, conditional on the version read and on
 * its still awaiting review (the loser of two reviews finds it reviewed: APPROVAL_ALREADY_REVIEWED),
 * the freed in-progress guard and the bank account's summary.
 */
export function reviewSteps(
  current: StoredApproval,
  next: StoredApproval,
  account: BankAccount | undefined,
): TransactionStep[] {
  return [
    approvalEntity.replaceStep(current, next, {
      onConditionFailed: (old) =>
        old && !AWAITING_REVIEW.includes(old.status as Approval['status'])
          ? businessRule('APPROVAL_ALREADY_REVIEWED')
          : new TransactionConflictError(),
    }),
    inProgressGuardEntity.removeStep([current.bankAccountId], {
      if: { expression: 'attribute_not_exists(PK) OR approvalId = :id', values: { ':id': current.id } },
    }),
    ...(account ? [summaryStep(next, account)] : []),
  ];
}

export async function listApprovals(
  bankAccountId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<Approval>> {
  const listed = await approvalEntity.page(
    { partition: bankAccountApprovalsPartition(bankAccountId), index: 'GSI1' },
    page,
  );
  return { ...listed, items: listed.items.map(present) };
}
