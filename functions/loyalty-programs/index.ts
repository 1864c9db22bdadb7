/** The loyalty-programs group's public face: what other groups may use of it. */
export type { LoyaltyProgram } from './entities';
export { findProgram as findLoyaltyProgram, listedProgramsOf } from './program-store';
