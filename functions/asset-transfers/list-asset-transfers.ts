import type { FromSchema } from 'json-schema-to-ts';
import type { assetTransfersQuery } from './schemas';
import { badRequest } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { listReceived, listSent } from './transfer-store';

type Query = FromSchema<typeof assetTransfersQuery>;

/**
 * The transfers an account sent (`senderAccountId`, the default: the caller's) or received (`recipientAccountId`),
 * newest first.
 */
export const listAssetTransfers = authedOperation<unknown, Query>(async ({ query, auth }) => {
  if (query.senderAccountId && query.recipientAccountId)
    throw badRequest('name one of senderAccountId and recipientAccountId');
  const page = { pageKey: query.pageKey, paginationLimit: query.paginationLimit };
  if (query.recipientAccountId) return listReceived((await auth.access.account(query.recipientAccountId)).id, page);
  return listSent((await auth.access.account(query.senderAccountId ?? auth.principal.accountId)).id, page);
});
