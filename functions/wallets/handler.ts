import { groupHandler } from '../group-lambda';
import { createWallet } from './create-wallet';

export const handler = groupHandler('wallets', { createWallet });
