/** The connections group's public face: what other groups may use of it. */
export { connectionRequestStep, connectionStatusFor } from './payment-request-connection';
export { findConnection } from './connection-views';
