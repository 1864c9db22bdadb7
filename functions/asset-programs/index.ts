/** The asset-programs group's public face: what other groups may use of it (business onboarding joins programs). */
export { findProgram, membershipSteps, newMembership } from './store';
