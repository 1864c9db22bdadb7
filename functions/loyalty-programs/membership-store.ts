import type { FromSchema } from 'json-schema-to-ts';
import { boundedCountStep } from '../core/db/bounded-count';
import { publicView } from '../core/db/entity';
import type { Page } from '../core/db/pagination';
import { businessRule } from '../core/errors/classes';
import { runTransaction } from '../core/db/transaction';
import {
  accountMembershipsPartition,
  loyaltyProgramEntity,
  membershipEntity,
  programMembersPartition,
  type StoredLoyaltyProgram,
  type StoredMembership,
} from './entities';
import { loyaltyProgramMembership } from './schemas';

type Membership = FromSchema<typeof loyaltyProgramMembership>;

/** Programs one account may belong to (its memberships are read whole when its promotions are). */
const MAX_MEMBERSHIPS_PER_ACCOUNT = 100;

const membershipCountKey = (accountId: string) => ({ PK: `LOYALTYACCOUNT#${accountId}`, SK: 'MEMBERSHIPCOUNT' });

/**
 * One transaction: the membership (once per program and account), the program's member count and
 * version moved on while it is still active, and the account's membership count within its limit.
 * Concurrent joins of one program each add one; none is lost.
 */
export function insertMembership(membership: StoredMembership): Promise<void> {
  return runTransaction([
    membershipEntity.createStep(membership, { onExists: () => businessRule('MEMBERSHIP_ALREADY_EXISTS') }),
    loyaltyProgramEntity.updateStep([membership.programId], {
      add: { members: 1, version: 1 },
      if: { expression: '#status = :active', names: { '#status': 'status' }, values: { ':active': 'active' } },
      onConditionFailed: () => businessRule('LOYALTY_PROGRAM_INACTIVE'),
    }),
    boundedCountStep(
      membershipCountKey(membership.accountId),
      1,
      MAX_MEMBERSHIPS_PER_ACCOUNT,
      'LOYALTY_MEMBERSHIP_LIMIT_EXCEEDED',
    ),
  ]);
}

/** A program's memberships, newest first. */
export async function listMembers(
  program: StoredLoyaltyProgram,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<Membership>> {
  const found = await membershipEntity.page({ partition: programMembersPartition(program.id), index: 'GSI1' }, page);
  return { ...found, items: found.items.map((m) => presentMembership(m, program)) };
}

/** A membership as served: the program's display fields beside its own. */
export const presentMembership = (membership: StoredMembership, program: StoredLoyaltyProgram): Membership =>
  publicView<Membership>(loyaltyProgramMembership, {
    ...membership,
    name: program.name,
    description: program.description,
    mediaUploadId: program.mediaUploadId,
    img: program.img,
  });

/** A page of an account's memberships, newest first, each read as the records `expand` makes of it. */
export const membershipsPage = <U>(
  accountId: string,
  page: { pageKey?: string; paginationLimit?: number },
  expand: (membership: StoredMembership) => Promise<U[]>,
) => membershipEntity.page({ partition: accountMembershipsPartition(accountId), index: 'GSI2' }, page, expand);

/** The account's membership of the program, if it joined. */
export const findMembership = (programId: string, accountId: string) => membershipEntity.get(programId, accountId);
