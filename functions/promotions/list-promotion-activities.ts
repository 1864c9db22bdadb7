import type { FromSchema } from 'json-schema-to-ts';
import type { promotionsQuery } from './schemas';
import { authedOperation } from '../core/http/operation';
import { activityEntity, activityPartition } from './entities';
import { loadPromotion } from './promotion-store';

type Query = FromSchema<typeof promotionsQuery>;

/** A promotion's activities, newest first: created, each counted payment, each completion. */
export const listPromotionActivities = authedOperation<unknown, Query>(async (request) => {
  const promotion = await loadPromotion(request);
  return activityEntity.page({ partition: activityPartition(promotion.id), sortKeyPrefix: 'ACTIVITY#' }, request.query);
});
