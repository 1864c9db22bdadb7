import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { approvalSummaryStep, type BankAccount } from '../bank-accounts';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { publicView } from '../core/db/entity';
import { newestFirstPage, type Page } from '../core/db/pagination';
import { TransactionConflictError, type TransactionStep } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import {
  approvalEntity,
  bankAccountApprovalsPartition,
  inProgressGuardKey,
  type Approval,
  type StoredApproval,
} from './entities';
import { approval as approvalSchema } from './schemas';

const table = () => config().tableName;

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
  return [
    {
      item: {
        Put: { TableName: table(), Item: approvalEntity.item(record), ConditionExpression: 'attribute_not_exists(PK)' },
      },
    },
    ...(account ? [summaryStep(record, account)] : []),
  ];
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
    {
      item: {
        Put: {
          TableName: table(),
          Item: { ...inProgressGuardKey(record.bankAccountId), approvalId: record.id },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      onConditionFailed: () => businessRule('APPROVAL_ALREADY_IN_PROGRESS'),
    },
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
    {
      item: {
        Put: {
          TableName: table(),
          Item: approvalEntity.item(next),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': current.version },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed: (old) =>
        old && !AWAITING_REVIEW.includes(old.status as Approval['status'])
          ? businessRule('APPROVAL_ALREADY_REVIEWED')
          : new TransactionConflictError(),
    },
    {
      item: {
        Delete: {
          TableName: table(),
          Key: inProgressGuardKey(current.bankAccountId),
          ConditionExpression: 'attribute_not_exists(PK) OR approvalId = :id',
          ExpressionAttributeValues: { ':id': current.id },
        },
      },
    },
    ...(account ? [summaryStep(next, account)] : []),
  ];
}

export async function findApproval(id: string): Promise<StoredApproval | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: approvalEntity.key(id), ConsistentRead: true }),
  );
  return out.Item ? approvalEntity.parse(out.Item) : undefined;
}

export function listApprovals(
  bankAccountId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<Approval>> {
  return newestFirstPage(bankAccountApprovalsPartition(bankAccountId), page, (item) =>
    present(approvalEntity.parse(item)),
  );
}
