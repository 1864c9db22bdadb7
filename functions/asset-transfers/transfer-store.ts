import { assetTransfer, assetTransferSummary } from './schemas';
import {
  assetTransferEntity,
  claimEntity,
  receivedTransfersPartition,
  sentTransfersPartition,
  type AssetTransfer,
  type StoredAssetTransfer,
} from './entities';
import { publicView } from '../core/db/entity';
import type { Page } from '../core/db/pagination';

export const findAssetTransfer = (id: string): Promise<StoredAssetTransfer | undefined> => assetTransferEntity.get(id);

/** A phone number keeps its country code and last four digits, an email its first letter and domain. */
export function maskAlias(alias: string): string {
  if (alias.startsWith('+'))
    return `${alias.slice(0, 3)}${'*'.repeat(Math.max(alias.length - 7, 1))}${alias.slice(-4)}`;
  const [local, domain] = alias.split('@');
  return `${local.slice(0, 1)}*****@${domain}`;
}

/** Aliases compare as the platform stores them: emails in lower case, phone numbers as given (E.123). */
export const normalizeAlias = (alias: string) => (alias.startsWith('+') ? alias : alias.toLowerCase());

export const present = (transfer: StoredAssetTransfer): AssetTransfer =>
  publicView<AssetTransfer>(assetTransfer, transfer);

export const presentSummary = (transfer: StoredAssetTransfer) =>
  publicView<Record<string, unknown>>(assetTransferSummary, transfer);

/** A sender's transfers, newest first. */
export async function listSent(
  accountId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<AssetTransfer>> {
  const sent = await assetTransferEntity.page({ partition: sentTransfersPartition(accountId), index: 'GSI1' }, page);
  return { ...sent, items: sent.items.map(present) };
}

/**
 * The transfers an account received (claimed or was sent and resolved), newest first, each as that account's claim
 * shows it.
 */
export async function listReceived(
  accountId: string,
  page: { pageKey?: string; paginationLimit?: number },
): Promise<Page<AssetTransfer>> {
  const claims = await claimEntity.page({ partition: receivedTransfersPartition(accountId), index: 'GSI2' }, page);
  const transfers = await findAll(claims.items.map((c) => c.assetTransferId));
  const items = claims.items.flatMap((claim) => {
    const transfer = transfers.get(claim.assetTransferId);
    return transfer ? [present({ ...transfer, recipientAccountId: accountId, claimedByAccountId: accountId })] : [];
  });
  return claims.nextPageKey ? { items, nextPageKey: claims.nextPageKey } : { items };
}

async function findAll(ids: string[]): Promise<Map<string, StoredAssetTransfer>> {
  return new Map((await assetTransferEntity.getMany(ids.map((id) => [id]))).map((t) => [t.id, t]));
}
