/** The loyalty-programs group's public face: what other groups may use of it. */
export { findProgram as findLoyaltyProgram, listedProgramsOf } from './program-store';
