import { amount, id, pageActionQuery, timestamp } from '../../schemas/common';

/** What the hosted checkout page polls (get-checkout-status.ts); `now` is the server's clock. */
const checkoutStatus = {
  type: 'object',
  required: ['id', 'status', 'expiresAt', 'remainingAmount', 'now'],
  properties: {
    id,
    status: { enum: ['new', 'paid', 'cancelled', 'expired'] },
    expiresAt: timestamp,
    remainingAmount: amount,
    now: timestamp,
  },
} as const;

/** The checkout group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  CheckoutStatus: checkoutStatus,
  // A hosted checkout action's token, from the page's form (checkout-token.ts).
  CheckoutActionQuery: pageActionQuery,
} as const;
