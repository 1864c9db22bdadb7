import type { FromSchema } from 'json-schema-to-ts';
import { MAX_EVENT_DATA_BYTES, type createEventBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { runTransaction } from '../core/db/transaction';
import { badRequest, businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { newId } from '../core/ids';
import { eventEntity, eventKeyEntity, type Event } from './entities';

type Body = FromSchema<typeof createEventBody>;

/**
 * Records an event of the account. Its `idempotencyKey` is claimed in the same transaction: the same
 * key again for the account answers EVENT_ALREADY_EXISTS and records nothing (not a replay).
 */
export const createEvent = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const account = await auth.access.account(params.accountId);
  const data = body.data ?? {};
  if (Buffer.byteLength(JSON.stringify(data), 'utf8') > MAX_EVENT_DATA_BYTES)
    throw badRequest(`data must be at most ${MAX_EVENT_DATA_BYTES} bytes as JSON`);
  const event: Event = {
    id: newId(),
    accountId: account.id,
    type: body.type,
    data,
    idempotencyKey: body.idempotencyKey,
    createdAt: isoTimestamp(now),
    createdBy: auth.principal.crn,
  };
  await runTransaction([
    eventKeyEntity.createStep(
      { accountId: account.id, idempotencyKey: body.idempotencyKey, eventId: event.id },
      { onExists: () => businessRule('EVENT_ALREADY_EXISTS') },
    ),
    eventEntity.createStep(event),
  ]);
  return event;
});
