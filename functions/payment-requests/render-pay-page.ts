import { publicOperation } from '../core/http/operation';
import { loadPaymentRequest } from './load-payment-request';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const formatMoney = (currency: string, amount: string) => `${currency} ${(Number(amount) / 100).toFixed(2)}`;

/**
 * The page a payment request's `url` opens: what is asked, by whom, until when, and how to pay.
 * It shows only what the public summary shows; paying happens through the API with a wallet.
 */
export const renderPayPage = publicOperation(async ({ params, now }) => {
  const request = await loadPaymentRequest(params.paymentRequestId, now);
  const body = request
    ? `<h1>${escape(request.merchantName)}</h1>
<p class="amount">${escape(formatMoney(request.value.currency, request.value.amount))}</p>
<dl>
  <dt>Status</dt><dd>${escape(request.status)}</dd>
  <dt>Short code</dt><dd>${escape(request.shortCode)}</dd>
  <dt>Expires</dt><dd>${escape(request.expiresAt)}</dd>
  <dt>Accepts</dt><dd>${request.paymentOptions.map((o) => escape(o.assetType)).join(', ')}</dd>
</dl>
${request.status === 'new' ? `<p>Pay from a wallet app with <code>POST /api/payment-requests/${escape(request.id)}/pay</code>.</p>` : ''}`
    : '<h1>Payment request not found</h1>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Pay</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}.amount{font-size:2.5rem;margin:.5rem 0}dt{color:#666}dd{margin:0 0 .5rem}</style>
</head><body>
${body}
</body></html>`;
});
