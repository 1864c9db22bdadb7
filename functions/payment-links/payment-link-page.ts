import { escapeHtml, formatMoney, PAGE_COLUMN_STYLE, styledPages } from '../core/http/page';

const PAGES = styledPages(PAGE_COLUMN_STYLE);

/**
 * The payment link page's markup, pure: the merchant, and the link's current payment request with the
 * way to its hosted checkout, or that there is nothing to pay. render-payment-link-page.ts reads what it shows.
 */

/** The link's current payment request, as the page shows it. */
export interface LinkPaymentRequest {
  /** Its hosted checkout. */
  url: string;
  status: 'new' | 'paid' | 'cancelled' | 'expired';
  value: { currency: string; amount: string };
  remainingAmount: string;
}

export interface PaymentLinkView {
  merchantName: string;
  test: boolean;
  /** The request to pay: present only while it takes payment (`new`). */
  request?: LinkPaymentRequest;
  nonce: string;
}

export function paymentLinkPageHtml(view: PaymentLinkView): string {
  const { request, nonce } = view;
  const merchant = escapeHtml(view.merchantName);
  const due = request ? formatMoney(request.value.currency, request.remainingAmount) : undefined;
  const body = `<header class="top">
  <p class="eyebrow">Pay</p>
  <h1>${merchant}</h1>
  ${view.test ? '<p class="badge">Test mode: no real money moves</p>' : ''}
</header>
<main id="payment-link" data-status="${request ? 'due' : 'nothing-to-pay'}">
  ${
    request && due
      ? `<section aria-labelledby="amount-label">
    <h2 id="amount-label" class="label">Amount due</h2>
    <p class="amount">${escapeHtml(due)}</p>
    <p class="status">Waiting for payment.</p>
    <p><a class="primary" href="${escapeHtml(request.url)}">Continue to payment</a></p>
    <p class="hint">You pay on ${merchant}'s payment page, which shows the details and the ways to pay.</p>
  </section>`
      : `<section aria-labelledby="nothing-heading">
    <h2 id="nothing-heading">Nothing to pay</h2>
    <p>There is nothing to pay here right now. When ${merchant} asks for a payment, it appears at this
    address: reload this page then.</p>
  </section>`
  }
</main>`;
  const title = due ? `${due} to ${view.merchantName}` : `Pay ${view.merchantName}`;
  return PAGES.document(title, nonce, body);
}

/** A page with a heading and a message: the 404 page. */
export const paymentLinkMessageHtml = PAGES.message;
