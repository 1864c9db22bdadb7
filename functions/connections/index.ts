/** The connections group's public face: what other groups may use of it. */
export { connectionStatusFor } from './payment-request-connection';
