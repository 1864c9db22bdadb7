import type { FromSchema } from 'json-schema-to-ts';
import type { promotionsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { accountPromotionsPartition, promotionEntity } from './entities';
import { presentPage } from './promotion-store';

type Query = FromSchema<typeof promotionsQuery>;

/** The promotions an account runs (across its programs), newest first. */
export const listAccountPromotions = authedOperation<unknown, Query>(async ({ params, query, auth }) => {
  const account = await auth.access.account(params.accountId);
  return presentPage(promotionEntity.page({ partition: accountPromotionsPartition(account.id), index: 'GSI2' }, query));
});
