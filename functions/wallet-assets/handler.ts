import { groupHandler } from '../group-lambda';
import { createTestTopup } from './create-test-topup';
import { createWalletAsset } from './create-wallet-asset';
import { getAsset } from './get-asset';
import { listWalletAssets } from './list-wallet-assets';
import { listWalletTransactions } from './list-wallet-transactions';

export const handler = groupHandler('wallet-assets', {
  createWalletAsset,
  listWalletAssets,
  getAsset,
  listWalletTransactions,
  createTestTopup,
});
