/** The settlements group's public face: what the schedule consumer may use of it. */
export { runSettlements } from './settlement-run';
