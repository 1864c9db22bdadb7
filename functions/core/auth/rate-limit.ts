import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { db } from '../db/client';
import { rateLimitKey } from '../db/keys';
import { tooManyRequests } from '../http/errors';
import type { Principal } from './principal';

const WINDOW_SECONDS = 60;

/**
 * Per-account fixed-window limit (requests per minute), counted against the account that owns
 * the key: one conditional counter update per request, so concurrent Lambdas share the count.
 * The account's own `rateLimitPerMinute` overrides the platform default.
 */
export async function enforceRateLimit(principal: Principal, now: Date): Promise<void> {
  const limit = principal.account.rateLimitPerMinute ?? config().rateLimitPerMinute;
  const epochSeconds = Math.floor(now.getTime() / 1000);
  const window = Math.floor(epochSeconds / WINDOW_SECONDS);
  try {
    await db().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: rateLimitKey(principal.accountId, window),
        UpdateExpression: 'ADD requests :one SET #ttl = if_not_exists(#ttl, :ttl)',
        ConditionExpression: 'attribute_not_exists(requests) OR requests < :limit',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':ttl': (window + 2) * WINDOW_SECONDS },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      throw tooManyRequests((window + 1) * WINDOW_SECONDS - epochSeconds);
    }
    throw error;
  }
}
