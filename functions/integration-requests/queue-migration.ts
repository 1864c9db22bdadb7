import { migrateEntries } from '../core/db/migration';
import { accountRequestsPartition, integrationRequestEntity, PENDING_REQUESTS_PARTITION } from './entities';

/** Version 1 of an integration request: no entry in the pending queue. */
const UNQUEUED = 1;

/**
 * Writes the queue entry (GSI2) of every pending request of version 1, so the operator's search of every account's
 * pending requests finds it (docs/operations.md, "Index migrations"); a request activated or configured since was
 * written again with it. Each is conditional on the request still being a pending version 1.
 */
export const queuePendingIntegrationRequests = () =>
  migrateEntries(
    {
      index: 'GSI1',
      filter: 'begins_with(GSI1PK, :prefix) AND #v = :v1 AND #status = :pending',
      names: { '#v': 'v', '#status': 'status' },
      values: { ':prefix': accountRequestsPartition(''), ':v1': UNQUEUED, ':pending': 'pending' },
      reads: ['GSI1SK'],
    },
    (entry) => ({
      UpdateExpression: 'SET GSI2PK = :queue, GSI2SK = :sk, #v = :v2',
      ConditionExpression: '#v = :v1 AND #status = :pending',
      ExpressionAttributeNames: { '#v': 'v', '#status': 'status' },
      ExpressionAttributeValues: {
        ':queue': PENDING_REQUESTS_PARTITION,
        ':sk': entry.GSI1SK,
        ':v1': UNQUEUED,
        ':v2': integrationRequestEntity.version,
        ':pending': 'pending',
      },
    }),
  );
