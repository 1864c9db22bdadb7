import type { FromSchema } from 'json-schema-to-ts';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { updateBusinessBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { config } from '../core/config';
import { db } from '../core/db/client';
import { retryOnConflict, TransactionConflictError } from '../core/db/transaction';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { authedOperation } from '../core/http/operation';
import { declaredOnly } from '../core/validation/declared-only';
import { businessEntity, type StoredBusiness } from './entities';
import { present } from './business-store';
import { loadBusiness } from './load-business';

type Body = FromSchema<typeof updateBusinessBody>;

/** Changes the fields a business owner keeps (the register's stay), conditional on the version read. */
export const updateBusiness = authedOperation<Body>(async (request) => {
  const changes = declaredOnly(updateBusinessBody, request.body);
  return retryOnConflict(async () => {
    const current = await loadBusiness(request);
    const next: StoredBusiness = {
      ...current,
      ...changes,
      updatedAt: isoTimestamp(request.now),
      updatedBy: request.auth.principal.crn,
      version: current.version + 1,
    };
    try {
      await db().send(
        new PutCommand({
          TableName: config().tableName,
          Item: businessEntity.item(next),
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':version': current.version },
        }),
      );
    } catch (error) {
      throw error instanceof ConditionalCheckFailedException ? new TransactionConflictError() : error;
    }
    return present(next);
  });
});
