import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findBatch, present } from './batch-store';

export const getBatch = authedOperation(async ({ params, auth }) => {
  const batch = await findBatch(params.batchId);
  if (!batch) throw forbidden();
  await auth.access.account(batch.accountId);
  return present(batch);
});
