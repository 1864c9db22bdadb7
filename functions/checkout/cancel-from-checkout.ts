import { retryOnConflict } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import { checkoutAction, CheckoutRefusal } from './checkout-actions';
import { checkoutPath } from './checkout-page';
import { returnUrls } from './checkout-redirects';
import { HOSTED_CHECKOUT } from './checkout-test-payer';
import { assertNew, cancelAsRead, loadPaymentRequestOrForbid, merchantNow } from '../payment-requests';

/**
 * The hosted checkout's cancel (`POST /pay/{id}/cancel?token=…`, the page's "Cancel and return to
 * the merchant"): the shopper cancels an unpaid request, `cancelled` with CANCELLED_BY_PATRON and a
 * `cancellation` activity, and the browser goes to the merchant's `redirectCancelUrl` (303). Who may
 * do it is the holder of the page URL, through the token only the page carries (checkout-token.ts).
 * The merchant opts in by giving a `redirectCancelUrl` its config still allows; a request something
 * has already been paid towards is left to the merchant (void or refund). A request already
 * cancelled or expired goes to the cancel URL as well; a paid one back to its page.
 */
export const cancelFromCheckout = checkoutAction('cancel', async (request, now) => {
  const cancelUrl = (await returnUrls(request)).cancel;
  if (!cancelUrl) throw businessRule('REDIRECT_URL_INVALID');
  if (request.status === 'paid') return { redirect: checkoutPath(request.id) };
  if (request.status === 'new') await cancelByPatron(request.id, now);
  return { redirect: cancelUrl };
});

async function cancelByPatron(paymentRequestId: string, now: Date): Promise<void> {
  await retryOnConflict(async () => {
    const request = await loadPaymentRequestOrForbid(paymentRequestId, now);
    assertNew(request);
    if (request.paidAmount !== '0') {
      throw new CheckoutRefusal(
        403,
        'Cannot cancel here',
        'Part of this payment request has been paid: only the merchant can cancel it now.',
      );
    }
    // Stamped on the merchant's clock, as every change of its requests (payment-requests/request-clock.ts).
    await cancelAsRead(request, 'CANCELLED_BY_PATRON', HOSTED_CHECKOUT, await merchantNow(request, now));
  });
}
