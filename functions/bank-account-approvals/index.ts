/** The bank-account-approvals group's public face: what other groups may use of it (nothing yet but its types). */
export type { Approval as BankAccountApproval, ConnectionIntentView as BankAccountConnectionIntent } from './entities';
