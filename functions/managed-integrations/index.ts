/**
 * The managed-integrations group's public face: the kind of invitation that claims an integration (the
 * invitations group's Lambda entry wires it in, functions/invitations/kinds.ts), and its limit.
 */
export { MAX_INTEGRATIONS_PER_ACCOUNT } from './entities';
export { managedIntegrationClaim } from './claim-invitation';
