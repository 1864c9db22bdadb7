import type { AuthedRequest } from '../core/http/operation';
import { forbidden } from '../core/errors/classes';
import { findCollection } from './collection-store';
import type { TokenCollection } from './entities';

/**
 * The collection a request names, if the caller may act on its account under the route's permission; else FORBIDDEN.
 */
export async function loadCollection(request: AuthedRequest, collectionId: string): Promise<TokenCollection> {
  const collection = await findCollection(collectionId);
  if (!collection) throw forbidden();
  await request.auth.access.account(collection.accountId);
  return collection;
}
