/**
 * The promotions group's public face: the promotion-payments consumer counts paid requests, the sweep recounts, the
 * draw run draws the draws that ended.
 */
export { countOrRecord, recountPayments } from './recount';
export { runDraws } from './draws';
