import type { FromSchema } from 'json-schema-to-ts';
import type { paymentActivitiesQuery } from '../../schemas/payment-requests';
import { config } from '../core/config';
import { merchantActivityIndex, stripKeys } from '../core/db/keys';
import { paginationLimit, queryPage } from '../core/db/pagination';
import { forbidden } from '../core/http/errors';
import { authedOperation } from '../core/http/operation';
import { findMerchant } from '../merchants/merchant-store';

type Query = FromSchema<typeof paymentActivitiesQuery>;

/** Payment activities of one merchant across its requests, newest first, paginated. */
export const listPaymentActivities = authedOperation<unknown, Query>(async ({ query, auth }) => {
  const merchant = await findMerchant(query.merchantId);
  if (!merchant) throw forbidden();
  await auth.access.account(merchant.accountId);
  const { GSI1PK } = merchantActivityIndex(merchant.id);
  return queryPage(
    {
      TableName: config().tableName,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': GSI1PK },
      ScanIndexForward: false,
    },
    { scope: GSI1PK, limit: paginationLimit(query.paginationLimit), pageKey: query.pageKey, map: (item) => stripKeys(item) },
  );
});
