/**
 * The sales-channels group's public face: the digest run for its schedule and the digest's sent mark; what business
 * onboarding uses to join merchants to channels, each join a connect request for the channel's digest.
 */
export { markDigestSent, runSalesChannelDigests } from './digest-run';
export { connectRequestSteps, newConnectRequests } from './connect-request-store';
export type { SalesChannel } from './entities';
export { membershipSteps, newMembership } from './membership-store';
export { findSalesChannel } from './sales-channel-store';
