import type { Authorization } from '../core/auth/access';
import { ApiError, codeOf } from '../core/errors/classes';
import { formatMoney, newNonce, PAGE_HEADERS, pageCsp, refusesCrossSite, replyWith } from '../core/http/page';
import { publicOperation, type Operation } from '../core/http/operation';
import { isTestClaimToken } from './claim-page-token';
import { CLAIM_REFUSALS, claimMessageHtml, claimPath, STATUS_TEXT } from './claim-page';
import { CLAIM_PAGE, testIdentity } from './claim-test-identity';
import { claimableTransfer } from './render-claim-page';
import { claimAssetTransferFor } from './settle';

/** An outcome page: its status, heading and message, with the way back to the claim page. */
class Outcome {
  constructor(
    readonly statusCode: number,
    readonly title: string,
    readonly message: string,
  ) {}
}

/**
 * The claim page's "Claim as test identity" (`POST /transfer/{id}/test-claim?token=…`), for test
 * transfers only: claims into the platform's test identity (claim-test-identity.ts) through the same
 * claim as `POST /api/asset-transfers/{id}/claim`, and answers a page that says what happened. The
 * token is the page's (claim-page-token.ts); a browser's cross-site post is refused whatever it
 * carries; a live transfer is refused. A claim refused for the transfer's state (a second click
 * included: ASSET_TRANSFER_INVALID_STATUS) says which state that is, read again. `authorization` is
 * the permission matrix and account directory the group's Lambda entry holds.
 */
export const testClaimFromPage = (authorization: Authorization): Operation =>
  publicOperation<unknown, { token?: string }>(async ({ params, query, headers, now }) => {
    const id = params.assetTransferId;
    let outcome: Outcome;
    try {
      outcome = await claim();
    } catch (error) {
      outcome = await refusal(error);
    }
    const nonce = newNonce();
    replyWith({
      statusCode: outcome.statusCode,
      headers: { ...PAGE_HEADERS, 'content-security-policy': pageCsp(nonce) },
    });
    return claimMessageHtml({
      title: outcome.title,
      message: outcome.message,
      nonce,
      link: { href: claimPath(id), text: 'Back to the transfer' },
    });

    async function claim(): Promise<Outcome> {
      if (refusesCrossSite(headers))
        return new Outcome(403, 'Not allowed', 'This action can only be taken from the claim page itself.');
      if (!(await isTestClaimToken(id, query.token)))
        return new Outcome(
          403,
          'Link not valid',
          'This link is not valid for this transfer. Open the claim page again.',
        );
      const transfer = await claimableTransfer(params, now);
      if (!transfer) return new Outcome(404, 'Transfer not found', 'There is nothing to claim at this address.');
      if (transfer.liveness !== 'test')
        return new Outcome(403, 'Test transfers only', 'Only a test transfer can be claimed as the test identity.');
      const claimed = await claimAssetTransferFor(id, await testIdentity(authorization, now), 'link', CLAIM_PAGE, now);
      const left =
        claimed.status === 'claimed' || claimed.assetKind === 'token'
          ? ''
          : ` ${formatMoney(claimed.currency, claimed.remainingValue)} is left to claim.`;
      return new Outcome(200, 'Claimed', `It is now in the test identity's account.${left}`);
    }

    async function refusal(error: unknown): Promise<Outcome> {
      if (!(error instanceof ApiError) || error.statusCode !== 403) throw error;
      const code = codeOf(error);
      if (code === 'ASSET_TRANSFER_INVALID_STATUS') {
        const status = (await claimableTransfer(params, now))?.status ?? 'claimed';
        return new Outcome(403, status === 'claimed' ? 'Already claimed' : 'Nothing to claim', STATUS_TEXT[status]);
      }
      return new Outcome(403, 'Not claimed', (code && CLAIM_REFUSALS[code]) ?? 'This transfer cannot be claimed here.');
    }
  });
