/** The bank-account-approvals group's public face: what other groups and the consumers may use of it. */
export { markApprovalNotified } from './mark-notified';
