import type { FromSchema } from 'json-schema-to-ts';
import type { business, businessActivity, onboardingRequest } from './schemas';
import { defineEntity, type TableKey } from '../core/db/entity';

/**
 * The businesses group's entities: each owns its keys, stamps what it writes with its type and
 * schema version and parses what is read back (core/db/entity.ts). Nothing else builds these keys.
 *
 * - business: PK BUSINESS#<id>, SK BUSINESS
 *   serves: get, update, set status
 * - business activity: PK BUSINESS#<id>, SK ACTIVITY#<seq 15 digits>
 *   serves: onboarding status history
 * - account business: PK ACCOUNTBUSINESS#<accountId>, SK BUSINESS
 *   serves: an account's business; one business per account
 * - NZBN claim: PK NZBN#<live or test>#<nzbn>, SK BUSINESS
 *   serves: one business per NZBN per liveness (released when deactivated)
 * - onboarding request: PK BUSINESSONBOARD#<id>, SK BUSINESSONBOARD
 *   serves: get an onboarding request
 * - onboarding external id: PK BUSINESSONBOARDEXT#<accountId>#<externalId>, SK BUSINESSONBOARD
 *   serves: one onboarding request per external id of the requesting account (a repeat finds it)
 *
 * A business created by the API names a company of the register (its NZBN); one onboarded by a batch
 * row may have no NZBN, the onboarding record making it optional.
 */

export type Business = FromSchema<typeof business>;
export type BusinessActivity = FromSchema<typeof businessActivity>;
/** Stored form: liveness (from the account), a version for conditional changes and the activity counter. */
export type StoredBusiness = Business & { test: boolean; version: number; activityCount: number };

const businessKey = (id: string): TableKey => ({ PK: `BUSINESS#${id}`, SK: 'BUSINESS' });

export const businessEntity = defineEntity<StoredBusiness, [id: string]>({
  type: 'business',
  version: 1,
  key: businessKey,
  keyOf: (b) => businessKey(b.id),
  required: [
    'id',
    'accountId',
    'accountName',
    'name',
    'onboardingStatus',
    'test',
    'createdAt',
    'updatedAt',
    'createdBy',
    'updatedBy',
    'version',
    'activityCount',
  ],
});

const activityKey = (businessId: string, activityNumber: number): TableKey => ({
  PK: `BUSINESS#${businessId}`,
  SK: `ACTIVITY#${String(activityNumber).padStart(15, '0')}`,
});

export const businessActivityEntity = defineEntity<BusinessActivity, [businessId: string, activityNumber: number]>({
  type: 'business-activity',
  version: 1,
  key: activityKey,
  keyOf: (a) => activityKey(a.businessId, a.activityNumber),
  required: ['type', 'onboardingStatus', 'businessId', 'createdAt', 'createdBy', 'activityNumber'],
});

/** Claims that point at a business: the account's one business, and an NZBN's one business per liveness. */
export interface BusinessClaim {
  businessId: string;
  accountId: string;
}

const accountBusinessKey = (accountId: string): TableKey => ({ PK: `ACCOUNTBUSINESS#${accountId}`, SK: 'BUSINESS' });
export const accountBusinessEntity = defineEntity<BusinessClaim, [accountId: string]>({
  type: 'account-business',
  version: 1,
  key: accountBusinessKey,
  keyOf: (c) => accountBusinessKey(c.accountId),
  required: ['businessId', 'accountId'],
});

const nzbnClaimKey = (nzbn: string, test: boolean): TableKey => ({
  PK: `NZBN#${test ? 'test' : 'live'}#${nzbn}`,
  SK: 'BUSINESS',
});
export const nzbnClaimEntity = defineEntity<
  BusinessClaim & { nzbn: string; test: boolean },
  [nzbn: string, test: boolean]
>({
  type: 'nzbn-claim',
  version: 1,
  key: nzbnClaimKey,
  keyOf: (c) => nzbnClaimKey(c.nzbn, c.test),
  required: ['businessId', 'accountId', 'nzbn', 'test'],
});

export type OnboardingRequest = FromSchema<typeof onboardingRequest>;
/** Stored form: the requesting account (whose keys read it) and the hash of the request it answered. */
export type StoredOnboardingRequest = OnboardingRequest & { accountId: string; requestHash: string };

const onboardingKey = (id: string): TableKey => ({ PK: `BUSINESSONBOARD#${id}`, SK: 'BUSINESSONBOARD' });
export const onboardingRequestEntity = defineEntity<StoredOnboardingRequest, [id: string]>({
  type: 'business-onboarding-request',
  version: 1,
  key: onboardingKey,
  keyOf: (r) => onboardingKey(r.id),
  required: ['id', 'accountId', 'requestHash', 'legalName', 'contactEmail', 'assetProgram', 'status', 'created'],
});

/** An external id's claim: the request it names. */
export interface OnboardingExternalId {
  accountId: string;
  externalId: string;
  onboardingRequestId: string;
}
const externalIdKey = (accountId: string, externalId: string): TableKey => ({
  PK: `BUSINESSONBOARDEXT#${accountId}#${externalId}`,
  SK: 'BUSINESSONBOARD',
});
export const onboardingExternalIdEntity = defineEntity<OnboardingExternalId, [accountId: string, externalId: string]>({
  type: 'business-onboarding-external-id',
  version: 1,
  key: externalIdKey,
  keyOf: (c) => externalIdKey(c.accountId, c.externalId),
  required: ['accountId', 'externalId', 'onboardingRequestId'],
});
