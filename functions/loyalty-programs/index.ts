/** The loyalty-programs group's public face: what other groups may use of it. */
export type { StoredMembership } from './entities';
export { findMembership, membershipsPage } from './membership-store';
export { activeProgramsOf, findProgram as findLoyaltyProgram, listedProgramsOf } from './program-store';
