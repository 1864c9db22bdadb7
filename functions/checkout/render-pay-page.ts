// qrcode's core and its SVG renderer only: its main entry also loads the PNG renderer (pngjs, some 30 KiB
// of the bundle) that the page never uses.
import { create as createQrCode } from 'qrcode/lib/core/qrcode';
import { render as renderQrSvg } from 'qrcode/lib/renderer/svg-tag';
import { publicOperation } from '../core/http/operation';
import { impossiblePathParameter } from '../core/ids';
import { checkoutToken } from './checkout-token';
import { returnUrls } from './checkout-redirects';
import { checkoutCsp, renderCheckoutPage, renderMessagePage } from './checkout-page';
import { newNonce, PAGE_HEADERS, replyWith } from '../core/http/page';
import { testAssetTypeOf } from './checkout-test-payer';
import { loadPaymentRequest, merchantNow } from '../payment-requests';

/**
 * The hosted checkout page a payment request's `url` opens (docs/api/hosted-checkout.md): merchant,
 * amount, line items, a QR code of the URL for a wallet app, the short code, a countdown to expiry
 * and the live status; a cancel form when the merchant gave a `redirectCancelUrl`; in test mode a
 * "Pay with test wallet" form. An unknown id answers a 404 page. Every answer has a CSP of its own
 * whose nonce is the only way a script or style runs.
 */
export const renderPayPage = publicOperation(async ({ params, now }) => {
  const nonce = newNonce();
  // An id that cannot exist is a missing request, found without a read (core/ids.ts).
  const request = impossiblePathParameter(params) ? undefined : await loadPaymentRequest(params.paymentRequestId, now);
  if (!request) {
    replyWith({ statusCode: 404, headers: { ...PAGE_HEADERS, 'content-security-policy': checkoutCsp(nonce) } });
    return renderMessagePage({
      title: 'Payment request not found',
      message: 'There is no payment request at this address. Check the link or QR code you were given.',
      nonce,
    });
  }
  const urls = await returnUrls(request);
  const open = request.status === 'new';
  const [clock, qrSvg, cancel, testPay] = await Promise.all([
    // The countdown runs on the clock the request's expiry goes by (payment-requests/request-clock.ts).
    merchantNow(request, now),
    renderQrSvg(createQrCode(request.url, { errorCorrectionLevel: 'M' }), { margin: 1 }),
    open && urls.cancel && request.paidAmount === '0' ? checkoutToken('cancel', request.id) : undefined,
    open && testAssetTypeOf(request) ? checkoutToken('test-pay', request.id) : undefined,
  ]);
  replyWith({
    headers: {
      ...PAGE_HEADERS,
      'content-security-policy': checkoutCsp(nonce, cancel && urls.cancel ? [urls.cancel] : []),
    },
  });
  return renderCheckoutPage({
    request,
    now: clock,
    nonce,
    qrSvg,
    returnUrls: urls,
    tokens: { ...(cancel ? { cancel } : {}), ...(testPay ? { testPay } : {}) },
  });
});
