import type { FromSchema } from 'json-schema-to-ts';
import type { paymentActivitiesQuery } from './schemas';
import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findMerchant } from '../merchants';
import { listMerchantActivities } from '../payment-requests';

type Query = FromSchema<typeof paymentActivitiesQuery>;

/** Payment activities of one merchant across its requests, newest first, paginated. */
export const listPaymentActivities = authedOperation<unknown, Query>(async ({ query, auth }) => {
  const merchant = await findMerchant(query.merchantId);
  if (!merchant) throw forbidden();
  await auth.access.account(merchant.accountId);
  return listMerchantActivities(merchant.id, query);
});
