import type { FromSchema } from 'json-schema-to-ts';
import { updateBusinessBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { authedOperation } from '../core/http/operation';
import { declaredOnly } from '../core/validation/declared-only';
import { businessEntity, type StoredBusiness } from './entities';
import { present } from './business-store';
import { loadBusiness } from './load-business';

type Body = FromSchema<typeof updateBusinessBody>;

/** Changes the fields a business owner keeps (the register's stay), conditional on the version read. */
export const updateBusiness = authedOperation<Body>(async (request) => {
  const changes = declaredOnly(updateBusinessBody, request.body);
  return retryOnConflict(async () => {
    const current = await loadBusiness(request);
    const next: StoredBusiness = {
      ...current,
      ...changes,
      updatedAt: isoTimestamp(request.now),
      updatedBy: request.auth.principal.crn,
    };
    return present(await businessEntity.replace(current, next));
  });
});
