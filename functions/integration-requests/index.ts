/** The integration-requests group's public face: what other groups and the Lambda wiring may use of it. */
export { integrationDirectory } from './directory';
export { INTEGRATION_TYPES } from './schemas';
export { markIntegrationRequestNotified } from './mark-notified';
export { queuePendingIntegrationRequests } from './queue-migration';
