import { config } from '../core/config';
import { activitiesOfRequest, paymentActivityEntity } from './keys';
import { queryAll } from '../core/db/pagination';
import { authedOperation } from '../core/http/operation';
import { loadPaymentRequestOrForbid } from './load-payment-request';
import { presentActivity } from './payment-request-store';

/** Every activity of one request, newest first (a request has a bounded number of them). */
export const listPaymentRequestActivities = authedOperation(async ({ params, auth, now }) => {
  const request = await loadPaymentRequestOrForbid(params.paymentRequestId, now);
  await auth.access.account(request.merchantAccountId);
  const { PK, SKPrefix } = activitiesOfRequest(request.id);
  const items = await queryAll({
    TableName: config().tableName,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': PK, ':sk': SKPrefix },
    ScanIndexForward: false,
    ConsistentRead: true,
  });
  return { items: items.map((item) => presentActivity(paymentActivityEntity.parse(item))) };
});
