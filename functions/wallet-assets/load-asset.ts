import { findToken, presentToken } from '../tokens';
import { findWalletAsset } from './asset-store';

/** An asset of any category by id, in its public view (a wallet with its balances), or undefined. */
export async function findAsset(assetId: string): Promise<Record<string, unknown> | undefined> {
  const wallet = await findWalletAsset(assetId);
  if (wallet) return wallet;
  const holding = await findToken(assetId);
  return holding && presentToken(holding.token);
}
