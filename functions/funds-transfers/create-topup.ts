import { initiateFundsTransfer } from './initiation';

export const createTopup = initiateFundsTransfer('topup');
