import { isPageActionToken, pageActionToken } from '../core/http/page';

/**
 * The hosted checkout page's actions (cancel, and in test mode pay with the platform's test wallet)
 * are public routes, so what authorizes them is a token the server puts only on the page:
 * HMAC-SHA256, keyed by the platform's page-key secret (core/secrets.ts, the key of page keys;
 * a key derived from it under a label of its own, so a checkout token is never a valid page-key MAC
 * or the reverse), over the action and the payment request id.
 *
 * Why this design (docs/api/hosted-checkout.md):
 * - The page URL is the capability. Its id is 22 random base58 characters that only the merchant,
 *   whoever it hands the URL to (the shopper, the QR code) and payers learn; short-code lookups stay
 *   inside the merchant's own account. A token can only be had by opening the page, so the actions
 *   are something only the holder of the page URL can do, and an id learnt any other way, or a
 *   guess, is not enough.
 * - A token is bound to one request and one action: a cancel token pays nothing, and a token of one
 *   request cancels no other. Nothing is stored (no session, no cookie): with no ambient credential
 *   there is nothing for a cross-site request to ride on, and a cross-site form post is refused
 *   anyway (`refusesCrossSite`, core/http/page.ts).
 * - Actions are POSTs (HTML forms that answer 303), never links: a GET changes nothing, so link
 *   previews, prefetchers and scanners that follow the page's links cannot cancel a request.
 * - Chosen over a per-session CSRF token in a cookie: the page has no session to bind one to, and
 *   the HMAC needs no storage, works without JavaScript and survives a reload.
 * The token travels in the form's query string rather than its body, so the route needs no form-body
 * parser; it is no more secret than the page URL it was read from, which carries the same id.
 */
export type CheckoutAction = 'cancel' | 'test-pay';

const LABEL = 'hosted-checkout-action-token/v1';

export const checkoutToken = (action: CheckoutAction, paymentRequestId: string): Promise<string> =>
  pageActionToken(LABEL, action, paymentRequestId);

export const isCheckoutToken = (action: CheckoutAction, paymentRequestId: string, token: unknown): Promise<boolean> =>
  isPageActionToken(LABEL, action, paymentRequestId, token);
