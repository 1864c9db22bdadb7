import type { FromSchema } from 'json-schema-to-ts';
import type { setOnboardingStatusBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { config } from '../core/config';
import { merchantActivityEntity, merchantEntity, type MerchantActivity } from './entities';
import { retryOnConflict, runTransaction, TransactionConflictError } from '../core/db/transaction';
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
      {
        item: {
          Update: {
            TableName: config().tableName,
            Key: merchantEntity.key(merchant.id),
            UpdateExpression: `SET onboardingStatus = :status, updatedAt = :at, updatedBy = :by, activityCount = :count, version = :next${reason ? ', onboardingStatusReason = :reason' : ''}${reason ? '' : ' REMOVE onboardingStatusReason'}`,
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: {
              ':status': body.onboardingStatus,
              ':at': at,
              ':by': auth.principal.crn,
              ':count': activityNumber,
              ':version': merchant.version,
              ':next': merchant.version + 1,
              ...(reason ? { ':reason': reason } : {}),
            },
          },
        },
        onConditionFailed: () => new TransactionConflictError(),
      },
      {
        item: {
          Put: {
            TableName: config().tableName,
            Item: merchantActivityEntity.item(activity),
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
    ]);
    return activity;
  });
});
