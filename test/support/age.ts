import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../functions/core/db/client';
import { paymentRequestKey } from '../../functions/payment-requests/keys';

/** Moves a request's timestamps: the only way a test reaches expiry or the void window without waiting. */
export async function agePaymentRequest(paymentRequestId: string, fields: Record<string, string>): Promise<void> {
  const entries = Object.entries(fields);
  await db().send(
    new UpdateCommand({
      TableName: process.env.TABLE_NAME,
      Key: paymentRequestKey(paymentRequestId),
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([f], i) => [`#f${i}`, f])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
    }),
  );
}

export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
