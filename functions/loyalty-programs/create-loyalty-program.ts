import type { FromSchema } from 'json-schema-to-ts';
import type { createLoyaltyProgramBody } from './schemas';
import { findAccount } from '../accounts';
import { isoTimestamp } from '../core/clock';
import { badRequest, businessRule } from '../core/http/errors';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import { newId } from '../core/ids';
import { requireMediaUpload } from '../media-uploads';
import type { StoredLoyaltyProgram } from './entities';
import { insertProgram, present } from './program-store';

type Body = FromSchema<typeof createLoyaltyProgramBody>;
type JoinCondition = NonNullable<Body['joinConditions']>[number];

/** A program of an org account, in `draft`, public, with no members yet. */
export const createLoyaltyProgram = authedOperation<Body>(async ({ body, auth, now }) => {
  const account = await orgAccount(auth, body.accountId);
  if (body.mediaUploadId) await requireMediaUpload(body.mediaUploadId, { accountId: account.id, purpose: 'branding-logo' });
  const at = isoTimestamp(now);
  const program: StoredLoyaltyProgram = {
    id: newId(),
    name: body.name,
    ...(body.description ? { description: body.description } : {}),
    ...(body.mediaUploadId ? { mediaUploadId: body.mediaUploadId } : {}),
    accountId: account.id,
    createdAt: at,
    createdBy: auth.principal.crn,
    test: account.test === true,
    status: 'draft',
    memberCount: '0',
    visibility: 'public',
    joinConditions: (body.joinConditions ?? []).map(checkJoinCondition),
    version: 1,
  };
  await insertProgram(program);
  return present(program);
});

/**
 * Programs belong to org accounts. An account the caller may act for that is not an org answers
 * INVALID_ACCOUNT_TYPE; any other account, or one it may not act for, FORBIDDEN (the `[org]` flag).
 */
async function orgAccount(auth: AuthedRequest['auth'], accountId: string) {
  const target = await findAccount(accountId);
  if (target && target.type !== 'org' && (auth.principal.role === 'platform-operator' || (await auth.access.isOwn(accountId)))) {
    throw businessRule('INVALID_ACCOUNT_TYPE');
  }
  return auth.access.account(accountId);
}

/** Asset ownership names an asset type, bank account ownership a bank: only the parameter of its type is kept. */
function checkJoinCondition(condition: JoinCondition, index: number) {
  const field = condition.type === 'asset-ownership' ? 'assetType' : 'bank';
  const value = condition.params[field];
  if (!value) throw badRequest(`joinConditions.${index}.params.${field} is required for ${condition.type}`);
  return { type: condition.type, params: { [field]: value } };
}
