import type { FromSchema } from 'json-schema-to-ts';
import type { setOnboardingStatusBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { merchantActivityEntity, merchantEntity, type MerchantActivity } from './entities';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { authedOperation } from '../core/http/operation';
import { loadMerchantFor } from './load-merchant';
import { checkOnboardingReason } from './merchant-rules';

type Body = FromSchema<typeof setOnboardingStatusBody>;

/**
 * Sets the onboarding status and records an activity with the next `activityNumber`; the status,
 * the counter and the activity change in one transaction conditional on the version read.
 */
export const setOnboardingStatus = authedOperation<Body>(async ({ params, body, auth, now }) => {
  checkOnboardingReason(body.onboardingStatus, body.onboardingStatusReason);
  return retryOnConflict(async () => {
    const merchant = await loadMerchantFor(params.merchantId, auth.access);
    const at = isoTimestamp(now);
    const activityNumber = merchant.activityCount + 1;
    const activity: MerchantActivity = {
      type: 'set-onboarding-status',
      onboardingStatus: body.onboardingStatus,
      ...(body.onboardingStatusReason ? { onboardingStatusReason: body.onboardingStatusReason } : {}),
      merchantId: merchant.id,
      createdAt: at,
      createdBy: auth.principal.crn,
      activityNumber: String(activityNumber),
    };
    const reason = body.onboardingStatusReason;
    await runTransaction([
      merchantEntity.updateStep([merchant.id], {
        set: {
          onboardingStatus: body.onboardingStatus,
          updatedAt: at,
          updatedBy: auth.principal.crn,
          activityCount: activityNumber,
          ...(reason ? { onboardingStatusReason: reason } : {}),
        },
        remove: reason ? [] : ['onboardingStatusReason'],
        version: merchant.version,
      }),
      merchantActivityEntity.createStep(activity),
    ]);
    return activity;
  });
});
