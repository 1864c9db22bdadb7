/** The promotions group's public face: the promotion-payments consumer counts paid requests, the sweep recounts. */
export { countOrRecord, recountPayments } from './recount';
