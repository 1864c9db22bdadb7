/** The managed-integrations group's public face: the claim an invitation to claim makes (functions/invitations). */
export type { ManagedIntegration } from './entities';
export { claimIntegration } from './claim-integration';
