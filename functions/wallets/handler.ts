import { createGroupHandler } from '../core/http/group-handler';
import { createWallet } from './create-wallet';

export const handler = createGroupHandler('wallets', { createWallet });
