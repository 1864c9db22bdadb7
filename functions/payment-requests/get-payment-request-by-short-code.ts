import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { shortCodeIndex } from './keys';
import { invalidRequest, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { loadPaymentRequestOrForbid } from './load-payment-request';
import { present } from './payment-request-store';
import { parseShortCode } from './short-code';

/** Short codes are recycled over time: the latest request with the code is the one meant. */
export const getPaymentRequestByShortCode = authedOperation(async ({ params, auth, now }) => {
  const code = parseShortCode(params.shortCode);
  if (!code) throw invalidRequest('CHECKSUM_FAILED');
  const out = await db().send(
    new QueryCommand({
      TableName: config().tableName,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': shortCodeIndex(code).GSI2PK },
      ScanIndexForward: false,
      Limit: 1,
      ProjectionExpression: 'id',
    }),
  );
  const latest = out.Items?.[0];
  if (!latest) throw forbidden();
  const request = await loadPaymentRequestOrForbid(latest.id as string, now);
  await auth.access.account(request.merchantAccountId);
  return present(request);
});
