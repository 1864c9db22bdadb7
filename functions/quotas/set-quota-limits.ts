import type { FromSchema } from 'json-schema-to-ts';
import type { setQuotaLimitsBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { badRequest } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { writeQuotaLimits } from '../core/ledger/quotas';
import { quotaAssetTypes, quotasOf } from './account-quotas';

type Body = FromSchema<typeof setQuotaLimitsBody>;

/**
 * The operator's: replaces the account's own limits (an empty list restores every default) and
 * answers its quotas under them. Each limit names a money asset type of the account's liveness,
 * once per type and period. Usage already counted stays: a limit below it refuses what would add to it,
 * from the transfers that start after this answers (one in flight was judged by the limits it read).
 */
export const setQuotaLimits = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const account = await auth.access.account(params.accountId);
  const assetTypes = quotaAssetTypes(account);
  const seen = new Set<string>();
  body.limits.forEach((limit, i) => {
    if (!assetTypes.includes(limit.assetType))
      throw badRequest(`limits[${i}].assetType must be one of ${assetTypes.join(', ')}`);
    const id = `${limit.type}|${limit.period}|${limit.assetType}`;
    if (seen.has(id))
      throw badRequest(`limits[${i}] repeats the ${limit.period} ${limit.type} limit of ${limit.assetType}`);
    seen.add(id);
  });
  await writeQuotaLimits(account.id, body.limits, auth.principal.crn, isoTimestamp(now));
  return quotasOf(account, now);
});
