import { retryOnConflict } from '../core/db/transaction';
import { authedOperation } from '../core/http/operation';
import { loadRequest } from './load-request';
import { deleteRequest } from './request-store';

/** Either party withdraws the request; an active one's grant goes with it, in the same transaction. */
export const deleteIntegrationRequest = authedOperation((request) =>
  retryOnConflict(async () => {
    await deleteRequest(await loadRequest(request, 'either'));
    return {};
  }),
);
