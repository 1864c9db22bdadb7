/** The promotions group's public face: the promotion-payments consumer counts paid requests with it. */
export { countPayment } from './count-payment';
