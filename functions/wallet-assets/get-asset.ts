import { authedOperation } from '../core/http/operation';
import { loadWalletAsset } from './load-wallet-asset';

export const getAsset = authedOperation(async (request) => loadWalletAsset(request, 'assetId'));
