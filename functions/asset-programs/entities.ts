import type { FromSchema } from 'json-schema-to-ts';
import type { assetProgram, assetProgramConfig, assetProgramMembership } from './schemas';
import { defineEntity, type TableKey } from '../core/db/entity';

/**
 * The asset-programs group's entities: each owns its keys and index keys, stamps what it writes
 * with its type and schema version and parses what is read back (core/db/entity.ts). Nothing else
 * builds these keys.
 *
 * - asset program: PK ASSETPROGRAM#<id>, SK ASSETPROGRAM
 *   GSI1 PUBLISHEDASSETPROGRAMS#<test|live>, <createdAt>#<id>
 *   serves: get; published programs of a liveness, newest first
 * - membership: PK APMEMBERSHIP#<id>, SK APMEMBERSHIP
 *   GSI1 ACCOUNTAPMEMBERSHIPS#<accountId>, <createdAt>#<id>
 *   GSI2 PROGRAMAPMEMBERSHIPS#<programId>#<status>, <createdAt>#<id>
 *   serves: get; an account's memberships; a program's in one status
 * - membership guard: PK APMEMBER#<programId>#<accountId>, SK APMEMBER
 *   serves: one membership per program and account
 * - config: PK APCONFIG#<id> (id derived from membership and merchant), SK APCONFIG
 *   GSI1 ACCOUNTAPCONFIGS#<accountId>, <createdAt>#<id>
 *   GSI2 PROGRAMAPCONFIGS#<programId>, <createdAt>#<id>
 *   serves: get; an account's configs; a program's configs; one per membership and merchant
 */

export type AssetProgram = FromSchema<typeof assetProgram>;
export type AssetProgramMembership = FromSchema<typeof assetProgramMembership>;
export type AssetProgramConfig = FromSchema<typeof assetProgramConfig>;
/** Stored forms carry a version for conditional changes. */
export type StoredAssetProgram = AssetProgram & { version: number };
/** Memberships and configs keep their program's owner: it reads them too, and alone approves. */
export type StoredMembership = AssetProgramMembership & { version: number; programAccountId: string };
export type StoredConfig = AssetProgramConfig & { programAccountId: string };

const programKey = (id: string): TableKey => ({ PK: `ASSETPROGRAM#${id}`, SK: 'ASSETPROGRAM' });
export const publishedProgramsPartition = (test: boolean) => `PUBLISHEDASSETPROGRAMS#${test ? 'test' : 'live'}`;

export const assetProgramEntity = defineEntity<StoredAssetProgram, [id: string]>({
  type: 'asset-program',
  version: 1,
  key: programKey,
  keyOf: (p) => programKey(p.id),
  indexes: (p) => (p.published ? { GSI1PK: publishedProgramsPartition(p.test), GSI1SK: `${p.createdAt}#${p.id}` } : {}),
  required: [
    'id',
    'name',
    'accountId',
    'assetTypes',
    'collectionIds',
    'test',
    'published',
    'privacyPolicyUrl',
    'termsOfServiceUrl',
    'createdAt',
    'createdBy',
    'version',
  ],
});

const membershipKey = (id: string): TableKey => ({ PK: `APMEMBERSHIP#${id}`, SK: 'APMEMBERSHIP' });
export const accountMembershipsPartition = (accountId: string) => `ACCOUNTAPMEMBERSHIPS#${accountId}`;
export const programMembershipsPartition = (programId: string, status: string) =>
  `PROGRAMAPMEMBERSHIPS#${programId}#${status}`;

export const membershipEntity = defineEntity<StoredMembership, [id: string]>({
  type: 'asset-program-membership',
  version: 1,
  key: membershipKey,
  keyOf: (m) => membershipKey(m.id),
  indexes: (m) => ({
    GSI1PK: accountMembershipsPartition(m.accountId),
    GSI1SK: `${m.createdAt}#${m.id}`,
    GSI2PK: programMembershipsPartition(m.assetProgramId, m.status),
    GSI2SK: `${m.createdAt}#${m.id}`,
  }),
  required: [
    'id',
    'accountId',
    'programAccountId',
    'assetProgramId',
    'status',
    'test',
    'billingBankAccountId',
    'createdAt',
    'createdBy',
    'version',
  ],
});

interface MemberGuard {
  assetProgramId: string;
  accountId: string;
  membershipId: string;
}
const memberGuardKey = (assetProgramId: string, accountId: string): TableKey => ({
  PK: `APMEMBER#${assetProgramId}#${accountId}`,
  SK: 'APMEMBER',
});

export const memberGuardEntity = defineEntity<MemberGuard, [assetProgramId: string, accountId: string]>({
  type: 'asset-program-member',
  version: 1,
  key: memberGuardKey,
  keyOf: (g) => memberGuardKey(g.assetProgramId, g.accountId),
  required: ['assetProgramId', 'accountId', 'membershipId'],
});

const configKey = (id: string): TableKey => ({ PK: `APCONFIG#${id}`, SK: 'APCONFIG' });
export const accountConfigsPartition = (accountId: string) => `ACCOUNTAPCONFIGS#${accountId}`;
export const programConfigsPartition = (programId: string) => `PROGRAMAPCONFIGS#${programId}`;

export const configEntity = defineEntity<StoredConfig, [id: string]>({
  type: 'asset-program-config',
  version: 1,
  key: configKey,
  keyOf: (c) => configKey(c.id),
  indexes: (c) => ({
    GSI1PK: accountConfigsPartition(c.accountId),
    GSI1SK: `${c.createdAt}#${c.id}`,
    GSI2PK: programConfigsPartition(c.assetProgramId),
    GSI2SK: `${c.createdAt}#${c.id}`,
  }),
  required: [
    'id',
    'accountId',
    'programAccountId',
    'assetProgramId',
    'assetProgramMembershipId',
    'merchantId',
    'enabled',
    'status',
    'test',
    'createdAt',
    'createdBy',
  ],
});
