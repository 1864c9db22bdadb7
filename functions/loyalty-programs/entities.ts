import type { FromSchema } from 'json-schema-to-ts';
import type { loyaltyProgram, loyaltyProgramMembership } from './schemas';
import { defineEntity, type TableKey } from '../core/db/entity';

/**
 * The loyalty-programs group's entities: each owns its keys and index keys, stamps what it writes
 * with its type and schema version and parses what is read back (core/db/entity.ts). One table
 * holds every group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * - loyalty program: PK LOYALTYPROGRAM#<id>, SK LOYALTYPROGRAM
 *   GSI1 ACCOUNTLOYALTY#<accountId>, <createdAt>#<id>
 *   serves: get a program; an account's programs (merchant search: whose merchants have one)
 * - membership: PK LOYALTYPROGRAM#<programId>, SK MEMBER#<accountId> (one per program and account)
 *   GSI1 LOYALTYMEMBERS#<programId>, <createdAt>#<id>
 *   GSI2 ACCOUNTLOYALTYMEMBERSHIPS#<accountId>, <createdAt>#<programId>
 *   serves: whether an account is a member; a program's members; the programs an account belongs to
 */

export type LoyaltyProgram = FromSchema<typeof loyaltyProgram>;
/**
 * Stored form: the member count as a number joins add to atomically (served as the string `memberCount`), and a
 * version for conditional state changes, which every join moves on too.
 */
export type StoredLoyaltyProgram = {
  [K in keyof LoyaltyProgram as K extends 'memberCount' ? never : K]: LoyaltyProgram[K];
} & { members: number; version: number };

const programKey = (id: string): TableKey => ({ PK: `LOYALTYPROGRAM#${id}`, SK: 'LOYALTYPROGRAM' });
export const accountProgramsPartition = (accountId: string) => `ACCOUNTLOYALTY#${accountId}`;

export const loyaltyProgramEntity = defineEntity<StoredLoyaltyProgram, [id: string]>({
  type: 'loyalty-program',
  version: 2,
  key: programKey,
  keyOf: (p) => programKey(p.id),
  indexes: (p) => ({ GSI1PK: accountProgramsPartition(p.accountId), GSI1SK: `${p.createdAt}#${p.id}` }),
  required: [
    'id',
    'name',
    'accountId',
    'createdAt',
    'createdBy',
    'test',
    'status',
    'members',
    'visibility',
    'joinConditions',
    'version',
  ],
  // Version 1 kept the count as the string it is served as; no join could change it then.
  upgrade: ({ memberCount, ...item }) => ({ ...item, members: Number(memberCount ?? 0) }),
});

/** A membership as stored: the program's name, description and logo are read from the program when served. */
export type StoredMembership = Pick<
  FromSchema<typeof loyaltyProgramMembership>,
  'id' | 'accountId' | 'programId' | 'status' | 'createdAt' | 'createdBy' | 'test'
>;

const membershipKey = (programId: string, accountId: string): TableKey => ({
  PK: `LOYALTYPROGRAM#${programId}`,
  SK: `MEMBER#${accountId}`,
});
export const programMembersPartition = (programId: string) => `LOYALTYMEMBERS#${programId}`;
export const accountMembershipsPartition = (accountId: string) => `ACCOUNTLOYALTYMEMBERSHIPS#${accountId}`;

export const membershipEntity = defineEntity<StoredMembership, [programId: string, accountId: string]>({
  type: 'loyalty-program-membership',
  version: 1,
  key: membershipKey,
  keyOf: (m) => membershipKey(m.programId, m.accountId),
  indexes: (m) => ({
    GSI1PK: programMembersPartition(m.programId),
    GSI1SK: `${m.createdAt}#${m.id}`,
    GSI2PK: accountMembershipsPartition(m.accountId),
    GSI2SK: `${m.createdAt}#${m.programId}`,
  }),
  required: ['id', 'accountId', 'programId', 'status', 'createdAt', 'createdBy', 'test'],
});
