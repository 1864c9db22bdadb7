import type { FromSchema } from 'json-schema-to-ts';
import type { legacyRequestIdParams } from './schemas';
import { cancelRequest } from '../payment-requests';
import { legacyOperation } from './legacy-errors';
import { legacySummary } from './legacy-view';

type Params = FromSchema<typeof legacyRequestIdParams>;

export const legacyCancelRequest = legacyOperation<Params>('cancel', async ({ body, auth, now }) =>
  legacySummary((await cancelRequest(body.requestId, auth, now)).paymentRequest),
);
