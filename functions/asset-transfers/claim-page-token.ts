import { isPageActionToken, pageActionToken } from '../core/http/page';

/**
 * The claim page's "Claim as test identity" is a public route, so what authorizes it is a token the
 * server puts only on the page (core/http/page.ts: HMAC-SHA256 under a key derived from the page-key
 * secret for this label alone) over the action and the transfer id, as the hosted checkout's actions
 * (checkout/checkout-token.ts, docs/api/hosted-checkout.md). The transfer's id is the claim link's
 * secret; the token can only be had by opening that page, is worth nothing for another transfer, and
 * a cross-site post is refused anyway.
 */
const LABEL = 'asset-transfer-claim-page-token/v1';
const ACTION = 'test-claim';

export const testClaimToken = (assetTransferId: string): Promise<string> =>
  pageActionToken(LABEL, ACTION, assetTransferId);

export const isTestClaimToken = (assetTransferId: string, token: unknown): Promise<boolean> =>
  isPageActionToken(LABEL, ACTION, assetTransferId, token);
