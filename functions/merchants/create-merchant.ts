import type { FromSchema } from 'json-schema-to-ts';
import { createMerchantBody } from './schemas';
import { authedOperation } from '../core/http/operation';
import { declaredOnly } from '../core/validation/declared-only';
import { checkMerchantFields } from './merchant-rules';
import { insertMerchant } from './merchant-store';

type Body = FromSchema<typeof createMerchantBody>;

export const createMerchant = authedOperation<Body>(async ({ body, auth, now }) => {
  const account = await auth.access.account(body.accountId);
  await checkMerchantFields(body, account);
  const { accountId, name, country, test, type, settlementConfig, location, categoryCode } = declaredOnly(
    createMerchantBody,
    body,
  );
  return insertMerchant(
    { accountId, name, country, test, type, settlementConfig, location, categoryCode },
    auth.principal.crn,
    now,
  );
});
