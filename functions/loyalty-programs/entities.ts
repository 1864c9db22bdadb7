import type { FromSchema } from 'json-schema-to-ts';
import type { loyaltyProgram } from './schemas';
import { defineEntity, type TableKey } from '../core/db/entity';

/**
 * The loyalty-programs group's entities: each owns its keys and index keys, stamps what it writes
 * with its type and schema version and parses what is read back (core/db/entity.ts). One table
 * holds every group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * - loyalty program: PK LOYALTYPROGRAM#<id>, SK LOYALTYPROGRAM
 *   GSI1 ACCOUNTLOYALTY#<accountId>, <createdAt>#<id>
 *   serves: get a program; an account's programs (merchant search: whose merchants have one)
 */

export type LoyaltyProgram = FromSchema<typeof loyaltyProgram>;
/** Stored form: a version for conditional state changes. */
export type StoredLoyaltyProgram = LoyaltyProgram & { version: number };

const programKey = (id: string): TableKey => ({ PK: `LOYALTYPROGRAM#${id}`, SK: 'LOYALTYPROGRAM' });
export const accountProgramsPartition = (accountId: string) => `ACCOUNTLOYALTY#${accountId}`;

export const loyaltyProgramEntity = defineEntity<StoredLoyaltyProgram, [id: string]>({
  type: 'loyalty-program',
  version: 1,
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
    'memberCount',
    'visibility',
    'joinConditions',
    'version',
  ],
});
