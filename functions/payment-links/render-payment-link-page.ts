import { publicOperation, type Operation } from '../core/http/operation';
import { newNonce, PAGE_HEADERS, pageCsp, replyWith } from '../core/http/page';
import { impossiblePathParameter } from '../core/ids';
import { findMerchant } from '../merchants';
import { type LinkPaymentRequest, paymentLinkMessageHtml, paymentLinkPageHtml } from './payment-link-page';
import { findPaymentLink } from './payment-link-store';

/**
 * Reads a payment request as it stands now (due times applied). The payment-requests group builds on
 * this one (a request attaches itself to its link), so it is handed in by this group's Lambda entry
 * rather than imported.
 */
export type PaymentRequestReader = (paymentRequestId: string, now: Date) => Promise<LinkPaymentRequest | undefined>;

/**
 * The page a payment link's `url` opens (`GET /payment-link/{id}`, docs/api/sales-channels-and-links.md):
 * the merchant, and the link's current payment request with a link to its hosted checkout while it
 * takes payment, else a clear "nothing to pay". A payer sees whom they pay before they go on, and the
 * address stays the same for every request the merchant makes through the link (a printed QR code).
 * An unknown, malformed or archived link is a 404 page, as its summary answers it like a missing one.
 * No script; its own CSP per answer.
 */
export const renderPaymentLinkPage = (readPaymentRequest: PaymentRequestReader): Operation =>
  publicOperation(async ({ params, now }) => {
    const nonce = newNonce();
    replyWith({ headers: { ...PAGE_HEADERS, 'content-security-policy': pageCsp(nonce) } });
    const link = impossiblePathParameter(params) ? undefined : await findPaymentLink(params.paymentLinkId);
    if (link?.status !== 'created') {
      replyWith({ statusCode: 404 });
      return paymentLinkMessageHtml({
        title: 'Payment link not found',
        message: 'There is no payment link in use at this address. Check the link or QR code you were given.',
        nonce,
      });
    }
    const [merchant, request] = await Promise.all([
      findMerchant(link.merchantId),
      link.paymentRequestId ? readPaymentRequest(link.paymentRequestId, now) : undefined,
    ]);
    return paymentLinkPageHtml({
      merchantName: merchant?.name ?? 'The merchant',
      test: link.test,
      ...(request?.status === 'new' ? { request } : {}),
      nonce,
    });
  });
