import type { FromSchema } from 'json-schema-to-ts';
import type { externalRefQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { listByExternalRef } from '../payment-requests';

type Query = FromSchema<typeof externalRefQuery>;

/** Requests of a merchant account carrying one external reference, newest first. */
export const listPaymentRequestsByExternalRef = authedOperation<unknown, Query>(
  async ({ params, query, auth, now }) => {
    // A global grant reads one request by its id; listing a merchant's requests is its own account's.
    const account = await auth.access.ownAccount(query.merchantAccountId);
    return listByExternalRef(account.id, params.externalRef, query, now);
  },
);
