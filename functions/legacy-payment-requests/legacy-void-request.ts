import type { FromSchema } from 'json-schema-to-ts';
import type { legacyRequestIdParams, legacyVoidResult } from './schemas';
import { voidRequest } from '../payment-requests';
import { legacyOperation } from './legacy-errors';

type Params = FromSchema<typeof legacyRequestIdParams>;
type LegacyVoidResult = FromSchema<typeof legacyVoidResult>;

/** Voids through the next version's void core: the core refunds a paid request and cancels an unpaid one. */
export const legacyVoidRequest = legacyOperation<Params>(
  'void',
  async ({ body, auth, now }): Promise<LegacyVoidResult> => {
    const activity = await voidRequest(body.requestId, auth, now);
    return activity.type === 'refund'
      ? { type: 'voidRefund', status: 'success', message: 'Payment refunded and request cancelled' }
      : { type: 'voidCancel', status: 'success', message: 'Request cancelled' };
  },
);
