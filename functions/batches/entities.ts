import type { FromSchema } from 'json-schema-to-ts';
import type { batch, batchError } from './schemas';
import { defineEntity, type TableKey } from '../core/db/entity';

/**
 * The batches group's entities (core/db/entity.ts). Nothing else builds these keys.
 *
 * - batch: PK BATCH#<id>, SK BATCH
 *   serves: get; status, counts
 * - batch chunk: PK BATCH#<id>, SK CHUNK#<6 digits>
 *   serves: a chunk counted once; its errors (the batch's errors once complete)
 * - onboarding record: PK EXTBUSINESS#<accountId>#<externalBusinessId>, SK CLAIM
 *   serves: one business per external id and submitting account; what a row onboarded
 * - external merchant: PK EXTMERCHANT#<accountId>#<externalMerchantId>, SK CLAIM
 *   serves: one merchant per external id and submitting account
 * - account batch lock: PK BATCHLOCK#<accountId>, SK LOCK
 *   serves: one batch of an account processed at a time
 */

export type Batch = FromSchema<typeof batch>;
export type BatchError = FromSchema<typeof batchError>;

/** Stored form: counts as numbers, the file it reads, how it was chunked, a version for state changes. */
export type StoredBatch = Pick<
  Batch,
  'id' | 'accountId' | 'status' | 'type' | 'url' | 'test' | 'errors' | 'error' | 'createdAt' | 'createdBy' | 'updatedAt'
> & {
  processed: number;
  failed: number;
  mediaUploadId: string;
  objectKey: string;
  chunkCount?: number;
  chunksDone: number;
  fileSize?: number;
  fileSha256?: string;
};

const batchKey = (id: string): TableKey => ({ PK: `BATCH#${id}`, SK: 'BATCH' });
export const batchPartition = (id: string) => `BATCH#${id}`;
export const CHUNK_SORT_PREFIX = 'CHUNK#';

export const batchEntity = defineEntity<StoredBatch, [id: string]>({
  type: 'batch',
  version: 1,
  key: batchKey,
  keyOf: (b) => batchKey(b.id),
  required: [
    'id',
    'accountId',
    'status',
    'type',
    'url',
    'test',
    'errors',
    'createdAt',
    'createdBy',
    'processed',
    'failed',
    'mediaUploadId',
    'objectKey',
    'chunksDone',
  ],
});

export interface BatchChunk {
  batchId: string;
  chunk: number;
  count: number;
  errorCount: number;
  /** The chunk's first errors (bounded): the batch keeps the first of all chunks' once complete. */
  errors: BatchError[];
}

const chunkKey = (batchId: string, chunk: number): TableKey => ({
  PK: batchPartition(batchId),
  SK: `${CHUNK_SORT_PREFIX}${String(chunk).padStart(6, '0')}`,
});
export const batchChunkEntity = defineEntity<BatchChunk, [batchId: string, chunk: number]>({
  type: 'batch-chunk',
  version: 1,
  key: chunkKey,
  keyOf: (c) => chunkKey(c.batchId, c.chunk),
  required: ['batchId', 'chunk', 'count', 'errorCount', 'errors'],
});

/** Which row of which batch made a record: a row that meets its own claim again was done before. */
export interface RowClaim {
  accountId: string;
  externalId: string;
  batchId: string;
  index: number;
}

/** What a business-onboard row onboarded, kept with its external business id. */
export type OnboardingRecord = RowClaim & {
  businessId: string;
  merchantId: string;
  businessAccountId: string;
  details: Record<string, string>;
};

const externalBusinessKey = (accountId: string, externalId: string): TableKey => ({
  PK: `EXTBUSINESS#${accountId}#${externalId}`,
  SK: 'CLAIM',
});
export const onboardingRecordEntity = defineEntity<OnboardingRecord, [accountId: string, externalId: string]>({
  type: 'onboarding-record',
  version: 1,
  key: externalBusinessKey,
  keyOf: (r) => externalBusinessKey(r.accountId, r.externalId),
  required: ['accountId', 'externalId', 'batchId', 'index', 'businessId', 'merchantId', 'businessAccountId', 'details'],
});

const externalMerchantKey = (accountId: string, externalId: string): TableKey => ({
  PK: `EXTMERCHANT#${accountId}#${externalId}`,
  SK: 'CLAIM',
});
export const externalMerchantEntity = defineEntity<
  RowClaim & { merchantId: string },
  [accountId: string, externalId: string]
>({
  type: 'external-merchant',
  version: 1,
  key: externalMerchantKey,
  keyOf: (r) => externalMerchantKey(r.accountId, r.externalId),
  required: ['accountId', 'externalId', 'batchId', 'index', 'merchantId'],
});

/** The batch an account is processing (a lease: one that outlives `expiresAt` no longer holds it). */
export interface BatchLock {
  accountId: string;
  batchId: string;
  /** Epoch milliseconds, real time. */
  expiresAt: number;
}

const lockKey = (accountId: string): TableKey => ({ PK: `BATCHLOCK#${accountId}`, SK: 'LOCK' });
export const batchLockEntity = defineEntity<BatchLock, [accountId: string]>({
  type: 'batch-lock',
  version: 1,
  key: lockKey,
  keyOf: (l) => lockKey(l.accountId),
  required: ['accountId', 'batchId', 'expiresAt'],
});
