import type { FromSchema } from 'json-schema-to-ts';
import { updateMerchantBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict } from '../core/db/transaction';
import { authedOperation } from '../core/http/operation';
import { declaredOnly } from '../core/validation/declared-only';
import { loadMerchantFor } from './load-merchant';
import { checkMerchantFields } from './merchant-rules';
import { present, saveMerchant, withoutUndefined, type StoredMerchant } from './merchant-store';

type Body = FromSchema<typeof updateMerchantBody>;

export const updateMerchant = authedOperation<Body>(async ({ params, body, auth, now }) =>
  retryOnConflict(async () => {
    const current = await loadMerchantFor(params.merchantId, auth.access);
    const account = await auth.access.account(current.accountId);
    const { name, settlementConfig, location, categoryCode } = declaredOnly(updateMerchantBody, body);
    const changes = withoutUndefined({ name, settlementConfig, location, categoryCode }) as Partial<StoredMerchant>;
    await checkMerchantFields({ ...changes, type: current.type }, account);
    const saved = await saveMerchant(current, {
      ...current,
      ...changes,
      updatedAt: isoTimestamp(now),
      updatedBy: auth.principal.crn,
    });
    return present(saved);
  }),
);
