import { findMerchantConfig } from '../merchant-configs';
import type { StoredPaymentRequest } from '../payment-requests';

/** Where the hosted checkout sends the shopper back: after paying, and after a cancel or expiry. */
export interface ReturnUrls {
  paid?: string;
  cancel?: string;
}

/**
 * The request's `redirectPaidUrl` and `redirectCancelUrl`, each with `?paymentRequestId=<id>` added
 * (as the docs' redirect flow has it). Both were checked against the merchant config's
 * `allowedRedirectUrls` at create (REDIRECT_URL_INVALID); they are checked again against the config
 * as it is now, by the same prefix rule, and must be http(s): a URL the merchant has since stopped
 * allowing is never a redirect target, and nothing on the page can point anywhere else.
 */
export async function returnUrls(
  request: Pick<StoredPaymentRequest, 'id' | 'configId' | 'redirectPaidUrl' | 'redirectCancelUrl'>,
): Promise<ReturnUrls> {
  if (!request.redirectPaidUrl && !request.redirectCancelUrl) return {};
  const allowed = (await findMerchantConfig(request.configId))?.allowedRedirectUrls ?? [];
  const paid = allowedUrl(request.redirectPaidUrl, allowed, request.id);
  const cancel = allowedUrl(request.redirectCancelUrl, allowed, request.id);
  return { ...(paid ? { paid } : {}), ...(cancel ? { cancel } : {}) };
}

function allowedUrl(url: string | undefined, allowed: readonly string[], paymentRequestId: string): string | undefined {
  if (!url || !allowed.some((prefix) => url.startsWith(prefix))) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  parsed.searchParams.set('paymentRequestId', paymentRequestId);
  return parsed.toString();
}
