import { publicView } from '../core/db/entity';
import type { Page } from '../core/db/pagination';
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

/** What an accepted invitation answers: accepting it again, or revoking it. */
export type IfAccepted = 'INVITATION_ALREADY_ACCEPTED' | 'INVITATION_ACCEPTED';

/** The public view: the schema's fields only (never the owning account or the version). */
export const present = (stored: StoredInvitation): Invitation => publicView<Invitation>(invitationSchema, stored);

/**
 * The steps that write a new invitation: its code's guard (codes are unique) and, for one addressed
 * to a recipient, its open-invitation guard (one open invitation per recipient and resource; an
 * expired one gives way). A code collision is a conflict: the caller retries with a fresh code.
 */
export function insertSteps(stored: StoredInvitation): TransactionStep[] {
  const conflict = () => new TransactionConflictError();
  const { recipientAlias } = stored;
  return [
    invitationEntity.createStep(stored, { onExists: conflict }),
    invitationCodeEntity.createStep({ code: stored.code, invitationId: stored.id }, { onExists: conflict }),
    ...(recipientAlias
      ? [
          openInvitationEntity.putStep(
            {
              type: stored.type,
              resourceId: stored.resourceId,
              recipientAlias,
              invitationId: stored.id,
              expiresAt: stored.expiresAt,
            },
            {
              if: { expression: 'attribute_not_exists(PK) OR expiresAt <= :now', values: { ':now': stored.createdAt } },
              onConditionFailed: () => businessRule('RECIPIENT_ALREADY_INVITED'),
            },
          ),
        ]
      : []),
  ];
}

export async function findInvitationByCode(code: string): Promise<StoredInvitation | undefined> {
  const entry = await invitationCodeEntity.get(code);
  return entry ? invitationEntity.get(entry.invitationId) : undefined;
}

export async function listAccountInvitations(
  accountId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<Invitation>> {
  const listed = await invitationEntity.page(
    { partition: accountInvitationsPartition(accountId), index: 'GSI1' },
    page,
  );
  return { ...listed, items: listed.items.map(present) };
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
    invitationEntity.replaceStep(stored, next, { onConditionFailed: (old) => changedSince(old, ifAccepted) }),
    ...(recipientAlias
      ? [
          openInvitationEntity.removeStep([stored.type, stored.resourceId, recipientAlias], {
            // Ours while the invitation is open (closing checks that first); if it expired meanwhile and
            // another invitation took it, the retry finds this one expired.
            if: { expression: 'attribute_not_exists(PK) OR invitationId = :id', values: { ':id': stored.id } },
            onConditionFailed: () => new TransactionConflictError(),
          }),
        ]
      : []),
  ];
}
