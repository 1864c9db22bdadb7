import { GetCommand, type TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { publicView } from '../core/db/entity';
import { newestFirstPage, type Page } from '../core/db/pagination';
import { TransactionConflictError, type TransactionStep } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import { invitation as invitationSchema } from './schemas';
import {
  accountInvitationsPartition,
  invitationCodeEntity,
  invitationEntity,
  openInvitationEntity,
  type Invitation,
  type StoredInvitation,
} from './entities';

const table = () => config().tableName;
/** What an accepted invitation answers: accepting it again, or revoking it. */
export type IfAccepted = 'INVITATION_ALREADY_ACCEPTED' | 'INVITATION_ACCEPTED';

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** The public view: the schema's fields only (never the owning account or the version). */
export const present = (stored: StoredInvitation): Invitation => publicView<Invitation>(invitationSchema, stored);

/**
 * The steps that write a new invitation: its code's guard (codes are unique) and, for one addressed
 * to a recipient, its open-invitation guard (one open invitation per recipient and resource; an
 * expired one gives way). A code collision is a conflict: the caller retries with a fresh code.
 */
export function insertSteps(stored: StoredInvitation): TransactionStep[] {
  const put = (Item: Record<string, unknown>): TransactItem => ({
    Put: { TableName: table(), Item, ConditionExpression: 'attribute_not_exists(PK)' },
  });
  const { recipientAlias } = stored;
  return [
    { item: put(invitationEntity.item(stored)), onConditionFailed: () => new TransactionConflictError() },
    {
      item: put(invitationCodeEntity.item({ code: stored.code, invitationId: stored.id })),
      onConditionFailed: () => new TransactionConflictError(),
    },
    ...(recipientAlias
      ? [
          {
            item: {
              Put: {
                TableName: table(),
                Item: openInvitationEntity.item({
                  type: stored.type,
                  resourceId: stored.resourceId,
                  recipientAlias,
                  invitationId: stored.id,
                  expiresAt: stored.expiresAt,
                }),
                ConditionExpression: 'attribute_not_exists(PK) OR expiresAt <= :now',
                ExpressionAttributeValues: { ':now': stored.createdAt },
              },
            },
            onConditionFailed: () => businessRule('RECIPIENT_ALREADY_INVITED'),
          },
        ]
      : []),
  ];
}

export async function findInvitation(id: string): Promise<StoredInvitation | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: invitationEntity.key(id), ConsistentRead: true }),
  );
  return out.Item ? invitationEntity.parse(out.Item) : undefined;
}

export async function findInvitationByCode(code: string): Promise<StoredInvitation | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: invitationCodeEntity.key(code), ConsistentRead: true }),
  );
  return out.Item ? findInvitation(invitationCodeEntity.parse(out.Item).invitationId) : undefined;
}

export function listAccountInvitations(
  accountId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<Invitation>> {
  return newestFirstPage(accountInvitationsPartition(accountId), page, (item) => present(invitationEntity.parse(item)));
}

/** Why a change to an invitation read at one version found another: the rule it now breaks, else a race to retry. */
function changedSince(old: Record<string, unknown> | undefined, ifAccepted: IfAccepted): Error {
  if (old?.accepted === true) return businessRule(ifAccepted);
  if (old?.status === 'revoked') return businessRule('INVITATION_REVOKED');
  return new TransactionConflictError();
}

/**
 * The steps that close an invitation: its update (conditional on the version read) and the release
 * of its open-invitation guard, still its own unless it expired and a new invitation took it.
 */
export function closeSteps(
  stored: StoredInvitation,
  next: StoredInvitation,
  ifAccepted: IfAccepted,
): TransactionStep[] {
  const { recipientAlias } = stored;
  return [
    {
      item: {
        Put: {
          TableName: table(),
          Item: invitationEntity.item(next),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': stored.version },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
      onConditionFailed: (old) => changedSince(old, ifAccepted),
    },
    ...(recipientAlias
      ? [
          {
            item: {
              Delete: {
                TableName: table(),
                Key: openInvitationEntity.key(stored.type, stored.resourceId, recipientAlias),
                // Ours while the invitation is open (closing checks that first); if it expired meanwhile and
                // another invitation took it, the retry finds this one expired.
                ConditionExpression: 'attribute_not_exists(PK) OR invitationId = :id',
                ExpressionAttributeValues: { ':id': stored.id },
              },
            },
            onConditionFailed: () => new TransactionConflictError(),
          },
        ]
      : []),
  ];
}
