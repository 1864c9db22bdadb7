import type { FromSchema } from 'json-schema-to-ts';
import type { createLoyaltyProgramBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { badRequest } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { newId } from '../core/ids';
import { brandingImage } from '../media-uploads';
import { loyaltyProgramEntity, type StoredLoyaltyProgram } from './entities';
import { present } from './program-store';

type Body = FromSchema<typeof createLoyaltyProgramBody>;
type JoinCondition = NonNullable<Body['joinConditions']>[number];

/** A program of an org account, in `draft`, public, with no members yet. */
export const createLoyaltyProgram = authedOperation<Body>(async ({ body, auth, now }) => {
  const account = await auth.access.orgAccount(body.accountId, 'INVALID_ACCOUNT_TYPE');
  const branding = body.mediaUploadId ? await brandingImage(body.mediaUploadId, account.id) : {};
  const at = isoTimestamp(now);
  const program: StoredLoyaltyProgram = {
    id: newId(),
    name: body.name,
    ...(body.description ? { description: body.description } : {}),
    ...branding,
    accountId: account.id,
    createdAt: at,
    createdBy: auth.principal.crn,
    test: account.test === true,
    status: 'draft',
    members: 0,
    visibility: 'public',
    joinConditions: (body.joinConditions ?? []).map(checkJoinCondition),
    version: 1,
  };
  await loyaltyProgramEntity.create(program);
  return present(program);
});

/** Asset ownership names an asset type, bank account ownership a bank: only the parameter of its type is kept. */
function checkJoinCondition(condition: JoinCondition, index: number) {
  const field = condition.type === 'asset-ownership' ? 'assetType' : 'bank';
  const value = condition.params[field];
  if (!value) throw badRequest(`joinConditions.${index}.params.${field} is required for ${condition.type}`);
  return { type: condition.type, params: { [field]: value } };
}
