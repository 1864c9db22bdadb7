/** The payment-links group's public face: what other groups may use of it. */
export { attachPaymentRequestStep } from './payment-link-store';
