import { initiateFundsTransfer } from './initiation';

export const createWithdrawal = initiateFundsTransfer('withdrawal');
