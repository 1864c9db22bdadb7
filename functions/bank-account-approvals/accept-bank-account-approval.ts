import { review } from './approval-review';

export const acceptBankAccountApproval = review('approved');
