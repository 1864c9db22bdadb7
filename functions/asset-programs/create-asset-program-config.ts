import type { FromSchema } from 'json-schema-to-ts';
import type { createConfigBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { derivedId } from '../core/ids';
import { findMerchant } from '../merchants';
import { madeBy } from '../core/audit';
import { loadMemberMembership } from './load';
import { insertConfig, presentConfig } from './store';

/**
 * A program enabled for one merchant of the member account (MERCHANT_ACCOUNT_MISMATCH otherwise,
 * a missing merchant alike), once the membership is both approved and accepted
 * (ASSET_PROGRAM_MEMBERSHIP_NOT_APPROVED before). One config per membership and merchant: its id
 * derives from both, so a repeated create answers the config made first.
 */
export const createAssetProgramConfig = authedOperation<FromSchema<typeof createConfigBody>>(async (request) => {
  const membership = await loadMemberMembership(request);
  if (membership.status !== 'approved' || !membership.tosAcceptedAt)
    throw businessRule('ASSET_PROGRAM_MEMBERSHIP_NOT_APPROVED');
  const merchant = await findMerchant(request.body.merchantId);
  if (!merchant || merchant.accountId !== membership.accountId) throw businessRule('MERCHANT_ACCOUNT_MISMATCH');
  const at = isoTimestamp(request.now);
  const stored = await insertConfig({
    id: derivedId('assetProgramConfig', membership.id, merchant.id),
    accountId: membership.accountId,
    programAccountId: membership.programAccountId,
    assetProgramId: membership.assetProgramId,
    assetProgramMembershipId: membership.id,
    merchantId: merchant.id,
    enabled: true,
    status: 'active',
    test: membership.test,
    ...madeBy(request.auth.principal.crn, at),
  });
  return presentConfig(stored);
});
