import type { FromSchema } from 'json-schema-to-ts';
import type { legacyRequestInfoQuery } from './schemas';
import { loadPaymentRequestOrForbid } from '../payment-requests';
import { legacyOperation } from './legacy-errors';
import { legacyView } from './legacy-view';

type Query = FromSchema<typeof legacyRequestInfoQuery>;

export const legacyRequestInfo = legacyOperation<unknown, Query>('info', async ({ query, auth, now }) => {
  const request = await loadPaymentRequestOrForbid(query.requestId, now);
  await auth.access.authorize(request.merchantAccountId);
  return legacyView(request);
});
