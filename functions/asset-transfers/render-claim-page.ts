import { findAccount } from '../accounts';
import { publicOperation } from '../core/http/operation';
import { newNonce, PAGE_HEADERS, pageCsp, replyWith } from '../core/http/page';
import { impossiblePathParameter } from '../core/ids';
import { testClaimToken } from './claim-page-token';
import { claimMessageHtml, claimPageHtml, isOpenStatus } from './claim-page';
import type { StoredAssetTransfer } from './entities';
import { loadAssetTransfer } from './settle';

/**
 * The claim page a transfer's `url` opens (`GET /transfer/{id}`, docs/api/asset-transfers.md): what
 * was sent (value, asset type, description, message) and by whom (the sender account's name), its
 * state, and while it is open the ways to claim it: into the caller's own account with a signed-in
 * user's access token (the page's script calls the claim route), and for a test transfer as the
 * platform's test identity (only a transfer without a recipient: one sent to an email or phone is claimed by
 * the account that alias is verified for). Its link is its only secret, so the page shows no more than the
 * public summary does besides the sender's name and the recipient's masked alias. Every answer has a CSP of its
 * own whose nonce alone runs its script.
 */
export const renderClaimPage = publicOperation(async ({ params, now }) => {
  const nonce = newNonce();
  replyWith({ headers: { ...PAGE_HEADERS, 'content-security-policy': pageCsp(nonce, { connectSelf: true }) } });
  const transfer = await claimableTransfer(params, now);
  if (!transfer) {
    replyWith({ statusCode: 404 });
    return claimMessageHtml({
      title: 'Transfer not found',
      message: 'There is nothing to claim at this address. Check the link you were given.',
      nonce,
    });
  }
  const open = isOpenStatus(transfer.status);
  const [sender, token] = await Promise.all([
    findAccount(transfer.senderAccountId),
    open && transfer.liveness === 'test' && !transfer.recipientAlias ? testClaimToken(transfer.id) : undefined,
  ]);
  return claimPageHtml({
    transfer,
    senderAccountName: sender?.name ?? transfer.senderName ?? 'Someone',
    nonce,
    ...(token ? { testClaimToken: token } : {}),
  });
});

/**
 * The transfer a claim link names (every transfer has a `url`), as it stands now. An id that cannot exist is
 * missing without a read (core/ids.ts).
 */
export async function claimableTransfer(
  params: Record<string, string>,
  now: Date,
): Promise<StoredAssetTransfer | undefined> {
  if (impossiblePathParameter(params)) return undefined;
  return loadAssetTransfer(params.assetTransferId, now);
}
