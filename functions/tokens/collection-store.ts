import {
  collectionEntity,
  collectionExternalIdEntity,
  accountCollectionsPartition,
  type TokenCollection,
} from './entities';
import { tokenCollection } from './schemas';
import { isoTimestamp } from '../core/clock';
import { publicView } from '../core/db/entity';
import type { Page } from '../core/db/pagination';
import { runTransaction, type TransactionStep } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import { newId } from '../core/ids';

export type NewCollection = Pick<
  TokenCollection,
  | 'name'
  | 'accountId'
  | 'type'
  | 'tokenExpiresAfter'
  | 'tokenExpiresAt'
  | 'maxValue'
  | 'mediaUploadId'
  | 'img'
  | 'externalId'
  | 'issuer'
  | 'test'
>;

/** Creates a collection; an `externalId` is unique per account (guard item in the same transaction). */
export async function insertCollection(input: NewCollection, createdBy: string, now: Date): Promise<TokenCollection> {
  const collection: TokenCollection = {
    id: newId('tokenCollection'),
    ...input,
    status: 'active',
    createdBy,
    createdAt: isoTimestamp(now),
  };
  const steps: TransactionStep[] = [collectionEntity.createStep(collection)];
  if (input.externalId) {
    steps.push(
      collectionExternalIdEntity.createStep(
        { scope: input.accountId, externalId: input.externalId, ownerId: collection.id },
        { onExists: () => businessRule('EXTERNAL_ID_ALREADY_USED') },
      ),
    );
  }
  await runTransaction(steps);
  return collection;
}

export const findCollection = (id: string): Promise<TokenCollection | undefined> => collectionEntity.get(id);

/** Collections by id (missing ones are absent from the map). */
export async function findCollections(ids: readonly string[]): Promise<Map<string, TokenCollection>> {
  return new Map((await collectionEntity.getMany(ids.map((id) => [id]))).map((c) => [c.id, c]));
}

/** An account's collections, newest first. */
export async function queryCollections(
  accountId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<TokenCollection>> {
  const collections = await collectionEntity.page(
    { partition: accountCollectionsPartition(accountId), index: 'GSI1' },
    page,
  );
  return { ...collections, items: collections.items.map(presentCollection) };
}

export const presentCollection = (collection: TokenCollection): TokenCollection =>
  publicView<TokenCollection>(tokenCollection, collection);
