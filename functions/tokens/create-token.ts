import type { FromSchema } from 'json-schema-to-ts';
import type { createTokenBody } from './schemas';
import { findAccount } from '../accounts';
import { businessRule, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { loadCollection } from './load-collection';
import { issueToken } from './token-store';

type Body = FromSchema<typeof createTokenBody>;

/**
 * Issues a token of a product collection into an account: the collection's own by default, or
 * the one named (a patron receiving it), which must be of the collection's liveness.
 */
export const createToken = authedOperation<Body>(async (request) => {
  const { body, auth, now } = request;
  const collection = await loadCollection(request, body.collectionId);
  if (collection.type !== 'product') throw businessRule('COLLECTION_INVALID_TYPE');
  const holder =
    body.accountId && body.accountId !== collection.accountId
      ? await findAccount(body.accountId)
      : { id: collection.accountId, test: collection.test };
  if (!holder) throw forbidden();
  if ((holder.test === true) !== collection.test) throw businessRule('LIVENESS_MISMATCH');
  return issueToken(
    {
      collection,
      accountId: holder.id,
      liveness: collection.test ? 'test' : 'main',
      idempotencyKey: body.idempotencyKey,
      ...(body.externalId ? { externalId: body.externalId } : {}),
    },
    auth.principal,
    now,
  );
});
