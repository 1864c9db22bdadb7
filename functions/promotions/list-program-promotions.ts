import type { FromSchema } from 'json-schema-to-ts';
import type { promotionsQuery } from './schemas';
import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findLoyaltyProgram } from '../loyalty-programs';
import { programPromotionsPartition, promotionEntity } from './entities';
import { presentPage } from './promotion-store';

type Query = FromSchema<typeof promotionsQuery>;

/** A program's promotions, newest first: for the program's owner. */
export const listProgramPromotions = authedOperation<unknown, Query>(async ({ params, query, auth }) => {
  const program = await findLoyaltyProgram(params.loyaltyProgramId);
  if (!program) throw forbidden();
  await auth.access.account(program.accountId);
  return presentPage(promotionEntity.page({ partition: programPromotionsPartition(program.id), index: 'GSI1' }, query));
});
