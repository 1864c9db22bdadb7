import { TransactionConflictError, type TransactionStep } from '../core/db/transaction';
import { connectRequestEntity, DIGEST_STATES_PARTITION, digestStateEntity, type ConnectRequest } from './entities';

/**
 * The writes that record a connect request for its channel's digest, in the transaction that makes the membership:
 * the request itself, and one more recorded on the channel's digest state (which lists the channel for the digest
 * run). A digest already sent for a later period than the request's time means that time was read before the
 * channel's clock moved on: TransactionConflictError, so the caller reads the clock again and never records a request
 * into a period already digested.
 */
export const connectRequestSteps = (request: ConnectRequest): TransactionStep[] => [
  connectRequestEntity.createStep(request),
  digestStateEntity.updateStep([request.salesChannelId], {
    upsert: true,
    set: { salesChannelId: request.salesChannelId, GSI2PK: DIGEST_STATES_PARTITION, GSI2SK: request.salesChannelId },
    add: { recorded: 1 },
    if: {
      expression: 'attribute_not_exists(#through) OR #through <= :at',
      names: { '#through': 'digestedThrough' },
      values: { ':at': request.requestedAt },
    },
    onConditionFailed: () => new TransactionConflictError(),
  }),
];
