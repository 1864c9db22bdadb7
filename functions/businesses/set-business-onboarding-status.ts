import type { FromSchema } from 'json-schema-to-ts';
import type { setBusinessOnboardingStatusBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { config } from '../core/config';
import {
  retryOnConflict,
  runTransaction,
  TransactionConflictError,
  type TransactionStep,
} from '../core/db/transaction';
import { authedOperation } from '../core/http/operation';
import { checkStatusReason } from '../core/validation/status-reason';
import {
  businessActivityEntity,
  businessEntity,
  nzbnClaimEntity,
  type BusinessActivity,
  type StoredBusiness,
} from './entities';
import { nzbnClaimStep } from './business-store';
import { loadBusiness } from './load-business';

type Body = FromSchema<typeof setBusinessOnboardingStatusBody>;
type Status = Body['onboardingStatus'];

/** Reasons a business may give per onboarding status; statuses not listed take none. */
function allowedReasons(status: Status): string[] {
  switch (status) {
    case 'deactivated':
      return [
        'data-quality-issues',
        'change-of-ownership',
        `${config().assetPrefix}-discontinued`,
        'duplicate',
        'blocked',
      ];
    case 'on-hold':
      return ['seasonal-business-closure', 'no-response'];
    default:
      return [];
  }
}

/**
 * Sets the onboarding status and records an activity with the next `activityNumber`, in one
 * transaction conditional on the version read. A deactivated business gives up its NZBN, so the
 * company can be onboarded again (a change of ownership); bringing it back claims the NZBN again,
 * and if another business of its liveness now holds it the answer is BUSINESS_ALREADY_EXISTS.
 */
export const setBusinessOnboardingStatus = authedOperation<Body>(async (request) => {
  const { body, auth, now } = request;
  checkStatusReason(body.onboardingStatus, body.onboardingStatusReason, allowedReasons(body.onboardingStatus));
  return retryOnConflict(async () => {
    const business = await loadBusiness(request);
    const at = isoTimestamp(now);
    const activity: BusinessActivity = {
      type: 'set-onboarding-status',
      onboardingStatus: body.onboardingStatus,
      ...(body.onboardingStatusReason ? { onboardingStatusReason: body.onboardingStatusReason } : {}),
      businessId: business.id,
      createdAt: at,
      createdBy: auth.principal.crn,
      activityNumber: business.activityCount + 1,
    };
    const next: StoredBusiness = {
      ...business,
      onboardingStatus: body.onboardingStatus,
      onboardingStatusReason: body.onboardingStatusReason,
      updatedAt: at,
      updatedBy: auth.principal.crn,
      activityCount: activity.activityNumber,
    };
    if (next.onboardingStatusReason === undefined) delete next.onboardingStatusReason;
    await runTransaction([
      businessEntity.replaceStep(business, next),
      businessActivityEntity.createStep(activity),
      ...nzbnChange(business, body.onboardingStatus),
    ]);
    return activity;
  });
});

/** What happens to the business's NZBN claim when it enters or leaves `deactivated`. */
function nzbnChange(business: StoredBusiness, status: Status): TransactionStep[] {
  if (!business.nzbn) return [];
  const wasDeactivated = business.onboardingStatus === 'deactivated';
  if (wasDeactivated === (status === 'deactivated')) return [];
  if (wasDeactivated)
    return [nzbnClaimStep(business.nzbn, business.test, { businessId: business.id, accountId: business.accountId })];
  return [
    nzbnClaimEntity.removeStep([business.nzbn, business.test], {
      if: { expression: 'businessId = :id', values: { ':id': business.id } },
      onConditionFailed: () => new TransactionConflictError(),
    }),
  ];
}
