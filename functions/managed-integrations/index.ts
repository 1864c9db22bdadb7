/** The managed-integrations group's public face: nothing of it is used elsewhere yet (the invitation claim will). */
export type { ManagedIntegration } from './entities';
