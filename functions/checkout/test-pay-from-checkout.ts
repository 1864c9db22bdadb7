import type { Authorization } from '../core/auth/access';
import { hasCode } from '../core/errors/classes';
import type { Operation } from '../core/http/operation';
import { checkoutAction, CheckoutRefusal } from './checkout-actions';
import { checkoutPath } from './checkout-page';
import { payFromTestWallet, testAssetTypeOf } from './checkout-test-payer';
import { assertNew } from '../payment-requests';

/**
 * The hosted checkout's "Pay with test wallet" (`POST /pay/{id}/test-pay?token=…`), for test-mode
 * requests only: pays the remaining amount from the platform's funded test wallet through the real
 * pay path (checkout-test-payer.ts), then sends the browser back to the page (303), which shows
 * `paid` and goes on to `redirectPaidUrl`. The token is the page's (checkout-token.ts); a live request
 * is refused whatever token comes with it. `authorization` is the permission matrix and account
 * directory the group's Lambda entry holds: the payment is authorized like any other.
 */
export const testPayFromCheckout = (authorization: Authorization): Operation =>
  checkoutAction('test-pay', async (request, now) => {
    const page = checkoutPath(request.id);
    if (request.status === 'paid') return { redirect: page };
    assertNew(request);
    const assetType = testAssetTypeOf(request);
    if (!assetType)
      throw new CheckoutRefusal(
        403,
        'Test payments only',
        'Only a test-mode payment request can be paid with the test wallet.',
      );
    try {
      await payFromTestWallet(request, assetType, authorization, now);
    } catch (error) {
      // Paid meanwhile by someone else: the page shows it.
      if (!hasCode(error, 'REQUEST_PAID')) throw error;
    }
    return { redirect: page };
  });
