import type { ErrorCode } from '../core/errors/catalogue';
import { ApiError, codeOf } from '../core/errors/classes';
import { publicOperation, type Operation } from '../core/http/operation';
import { impossiblePathParameter } from '../core/ids';
import { checkoutCsp, checkoutPath, renderMessagePage } from './checkout-page';
import { newNonce, PAGE_HEADERS, refusesCrossSite, replyWith } from '../core/http/page';
import { isCheckoutToken, type CheckoutAction } from './checkout-token';
import { loadPaymentRequest, type StoredPaymentRequest } from '../payment-requests';

/** What an action did: where the browser goes next (303). */
export interface ActionOutcome {
  redirect: string;
}

/** An action the page refuses, with what the shopper reads. */
export class CheckoutRefusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly title: string,
    readonly detail: string,
  ) {
    super(title);
  }
}

/** What a shopper reads for a business rule the action met (a refusal page links back to the checkout). */
const RULES: Partial<Record<ErrorCode, [title: string, detail: string]>> = {
  REQUEST_PAID: ['Already paid', 'This payment request has already been paid.'],
  REQUEST_CANCELLED: ['Cancelled', 'This payment request was cancelled.'],
  REQUEST_EXPIRED: ['Expired', 'This payment request has expired.'],
  REDIRECT_URL_INVALID: [
    'Cannot cancel here',
    'The merchant has not given a page to return to, so this request cannot be cancelled here.',
  ],
  PAYMENT_DECLINED: ['Payment declined', 'The merchant has conditions on this request that are not accepted yet.'],
};

/**
 * A checkout page action (a form POST, answered with 303 or a refusal page). Before `run` sees the
 * request: a browser's cross-site post is refused, then the action's token must be the one the page
 * carries for this request (checkout-token.ts), then the request must exist. A business rule `run`
 * meets becomes a refusal page; anything else (retryable conflicts, 5xx) answers as any route does.
 */
export function checkoutAction(
  action: CheckoutAction,
  run: (request: StoredPaymentRequest, now: Date) => Promise<ActionOutcome>,
): Operation {
  return publicOperation<unknown, { token?: string }>(async ({ params, query, headers, now }) => {
    const id = params.paymentRequestId;
    try {
      if (refusesCrossSite(headers))
        throw new CheckoutRefusal(403, 'Not allowed', 'This action can only be taken from the payment page itself.');
      if (!(await isCheckoutToken(action, id, query.token)))
        throw new CheckoutRefusal(
          403,
          'Link not valid',
          'This link is not valid for this payment request. Open the payment page again.',
        );
      const request = impossiblePathParameter(params) ? undefined : await loadPaymentRequest(id, now);
      if (!request)
        throw new CheckoutRefusal(404, 'Payment request not found', 'There is no payment request at this address.');
      const { redirect } = await run(request, now);
      return page(
        303,
        { location: redirect },
        { title: 'Continue', detail: 'Continue to the next page.', link: { href: redirect, text: 'Continue' } },
      );
    } catch (caught) {
      const refusal = asRefusal(caught);
      if (!refusal) throw caught;
      return page(
        refusal.statusCode,
        {},
        {
          title: refusal.title,
          detail: refusal.detail,
          link: { href: checkoutPath(id), text: 'Back to the payment page' },
        },
      );
    }
  });
}

function asRefusal(error: unknown): CheckoutRefusal | undefined {
  if (error instanceof CheckoutRefusal) return error;
  if (!(error instanceof ApiError) || (error.statusCode !== 400 && error.statusCode !== 403)) return undefined;
  const code = codeOf(error);
  const [title, detail] = (code && RULES[code]) ?? [
    'Not possible',
    `This payment request cannot take that action (${error.message}).`,
  ];
  return new CheckoutRefusal(error.statusCode, title, detail);
}

function page(
  statusCode: number,
  headers: Record<string, string>,
  content: { title: string; detail: string; link: { href: string; text: string } },
): string {
  const nonce = newNonce();
  replyWith({ statusCode, headers: { ...PAGE_HEADERS, ...headers, 'content-security-policy': checkoutCsp(nonce) } });
  return renderMessagePage({ title: content.title, message: content.detail, nonce, link: content.link });
}
