import { review } from './approval-review';

export const declineBankAccountApproval = review('declined');
