/** The sales-channels group's public face: what other groups may use of it. */
export type { SalesChannel } from './entities';
export { findSalesChannel } from './sales-channel-store';
