import { keptAccount } from '../core/auth/authenticate';
import { ownerNow } from '../core/clock';
import { findAccount } from '../accounts';

/**
 * The clock a payment request's time rules go by: its merchant account's (core/clock.ts). Whoever
 * acts on the request (the merchant's own key, a payer of another account, a parent account, the
 * operator, a public page), its expiry, void and refund windows and pre-auth lapse are judged,
 * and its activities stamped, on the merchant's test clock. `now` when it was read from that clock. The account is
 * read as authorization keeps it (a test account's for a second: an advance answers only once that has passed).
 */
export const merchantNow = (request: { merchantAccountId: string }, now: Date): Promise<Date> =>
  ownerNow(request.merchantAccountId, now, (id) => keptAccount(id, findAccount));
