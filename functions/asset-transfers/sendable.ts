import type { Account } from '../core/auth/account-directory';
import type { Liveness } from '../core/asset-types';
import { derivedId } from '../core/ids';
import type { AssetSide } from '../core/ledger/transfers';
import type { Amount } from '../core/money';
import { findToken, isExpired, receivedTokenItem, type StoredToken } from '../tokens';
import { findWalletAsset, insertWalletAsset, queryWalletAssets } from '../wallet-assets';
import type { StoredAssetTransfer } from './entities';

/** An asset as a transfer sends it: money moves in part from a wallet, a token whole. */
export interface Sendable {
  kind: 'money' | 'token';
  assetId: string;
  accountId: string;
  assetType: string;
  currency: string;
  liveness: Liveness;
  description: string;
  collectionId?: string;
  /** Spendable now: an active wallet or an unspent, unexpired token that no transfer holds. */
  active: boolean;
  /** A settlement wallet only takes and refunds payments: it sends nothing. */
  transferable: boolean;
  available: Amount;
}

/** The asset a transfer names, as a wallet or a token; undefined when it is neither. */
export async function findSendable(assetId: string, now: Date): Promise<Sendable | undefined> {
  const wallet = await findWalletAsset(assetId);
  if (wallet) {
    return {
      kind: 'money',
      assetId: wallet.id,
      accountId: wallet.accountId,
      assetType: wallet.type,
      currency: wallet.currency,
      liveness: wallet.liveness,
      description: wallet.description ?? wallet.currency,
      active: wallet.status === 'active',
      transferable: !wallet.settlement,
      available: BigInt(wallet.availableBalance),
    };
  }
  const holding = await findToken(assetId);
  if (!holding) return undefined;
  const { token } = holding;
  return {
    kind: 'token',
    assetId: token.id,
    accountId: token.accountId,
    assetType: token.type,
    currency: token.currency,
    liveness: token.liveness,
    description: token.description ?? token.collectionName,
    collectionId: token.collectionId,
    active: token.status === 'active' && holding.available > 0n && !isExpired(token, now),
    transferable: true,
    available: holding.available,
  };
}

/**
 * Where a claim's value lands: the claimant's wallet of the transfer's type other than the one it
 * came from (one is made if it has none), or its own copy of the token.
 */
export async function receivingSide(
  transfer: StoredAssetTransfer,
  claimant: Account,
  by: string,
  now: Date,
  at: string,
): Promise<{ credit: AssetSide; open?: Record<string, unknown> }> {
  if (transfer.assetKind === 'token') {
    const sent = (await findToken(transfer.assetId))?.token as StoredToken;
    const id = derivedId(undefined, transfer.id, 'received-token', claimant.id);
    return {
      credit: { assetId: id, mode: 'single' },
      open: receivedTokenItem(sent, { id, accountId: claimant.id, at, by }),
    };
  }
  const wallets = await queryWalletAssets(claimant.id);
  const wallet =
    wallets.find(
      (w) => w.id !== transfer.assetId && w.type === transfer.assetType && !w.settlement && w.status === 'active',
    ) ??
    (await insertWalletAsset(
      { accountId: claimant.id, accountTest: claimant.test === true, ledgerId: transfer.assetType, settlement: false },
      by,
      now,
    ));
  return { credit: { assetId: wallet.id, mode: 'single' } };
}
