import type { FromSchema } from 'json-schema-to-ts';
import type { approval, connectionIntent } from './schemas';
import { defineEntity, type TableKey } from '../core/db/entity';

/**
 * The bank-account-approvals group's entities: each owns its keys and index keys, stamps what it
 * writes with its type and schema version and parses what is read back (core/db/entity.ts). One
 * table holds every group's entities; core/db/keys.ts lists core's own. Nothing else builds these keys.
 *
 * - approval: PK BANKAPPROVAL#<id>, SK BANKAPPROVAL
 *   GSI1 BANKACCOUNTAPPROVALS#<bankAccountId>, <createdAt>#<id>
 *   serves: get an approval; a bank account's approvals, newest first
 * - in-progress guard: PK APPROVING#<bankAccountId>, SK IN-PROGRESS
 *   serves: one approval awaiting review per bank account (APPROVAL_ALREADY_IN_PROGRESS)
 * - connection intent: PK BANKINTENT#<id>, SK BANKINTENT
 *   serves: get an intent (consent page, authorize)
 */

export type Approval = FromSchema<typeof approval>;
/**
 * Stored form: a version for conditional state changes, and where the requester is told the review's outcome
 * (the requesting user's email, or the bank account's direct-debit authority's; kept out of the public view).
 */
export type StoredApproval = Approval & { version: number; requesterEmail?: string };

const approvalKey = (id: string): TableKey => ({ PK: `BANKAPPROVAL#${id}`, SK: 'BANKAPPROVAL' });
export const bankAccountApprovalsPartition = (bankAccountId: string) => `BANKACCOUNTAPPROVALS#${bankAccountId}`;

/** The guard held while a bank account has an approval awaiting review; it names that approval. */
type InProgressGuard = { bankAccountId: string; approvalId: string };
const inProgressGuardKey = (bankAccountId: string): TableKey => ({
  PK: `APPROVING#${bankAccountId}`,
  SK: 'IN-PROGRESS',
});

export const inProgressGuardEntity = defineEntity<InProgressGuard, [bankAccountId: string]>({
  type: 'bank-account-approval-guard',
  version: 1,
  key: inProgressGuardKey,
  keyOf: (g) => inProgressGuardKey(g.bankAccountId),
  required: ['approvalId'],
});

export const approvalEntity = defineEntity<StoredApproval, [id: string]>({
  type: 'bank-account-approval',
  version: 1,
  key: approvalKey,
  keyOf: (a) => approvalKey(a.id),
  indexes: (a) => ({ GSI1PK: bankAccountApprovalsPartition(a.bankAccountId), GSI1SK: `${a.createdAt}#${a.id}` }),
  required: [
    'id',
    'bankAccountId',
    'accountId',
    'type',
    'status',
    'createdAt',
    'createdBy',
    'modifiedAt',
    'modifiedBy',
    'approvalActivities',
    'version',
  ],
});

export type ConnectionIntentView = FromSchema<typeof connectionIntent>;

/**
 * What the simulated third party recorded when the user answered its consent page. An approval
 * carries the one-time code (only its hash is kept) and, for an account-information consent that
 * names no bank account, the bank account the user shared.
 */
export interface Consent {
  decision: 'approved' | 'declined';
  decidedAt: string;
  codeHash?: string;
  codeExpiresAt?: string;
  sharedAccount?: { bankAccountNumber: string; bankAccountName: string };
}

/** A stored intent: ISO timestamps (the create response formats them), the consent once given, a version. */
export interface ConnectionIntent {
  id: string;
  accountId: string;
  type: ConnectionIntentView['type'];
  status: ConnectionIntentView['status'];
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  authorizationUrl: string;
  test: boolean;
  bankAccountId?: string;
  name?: string;
  period?: NonNullable<ConnectionIntentView['period']>;
  totalAmount?: string;
  consent?: Consent;
  /** The approval an authorized intent made. */
  approvalId?: string;
  version: number;
}

const intentKey = (id: string): TableKey => ({ PK: `BANKINTENT#${id}`, SK: 'BANKINTENT' });

export const intentEntity = defineEntity<ConnectionIntent, [id: string]>({
  type: 'bank-account-connection-intent',
  version: 1,
  key: intentKey,
  keyOf: (i) => intentKey(i.id),
  required: [
    'id',
    'accountId',
    'type',
    'status',
    'createdAt',
    'createdBy',
    'updatedAt',
    'updatedBy',
    'authorizationUrl',
    'test',
    'version',
  ],
});
