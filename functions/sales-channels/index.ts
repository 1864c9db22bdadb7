/** The sales-channels group's public face: what other groups may use of it (business onboarding joins channels). */
export type { SalesChannel } from './entities';
export { membershipSteps, newMembership } from './membership-store';
export { findSalesChannel } from './sales-channel-store';
