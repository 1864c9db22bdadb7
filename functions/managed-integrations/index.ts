/** The managed-integrations group's public face: the claim an invitation to claim makes (functions/invitations), and its limit. */
export { MAX_INTEGRATIONS_PER_ACCOUNT, type ManagedIntegration } from './entities';
export { claimIntegration } from './claim-integration';
