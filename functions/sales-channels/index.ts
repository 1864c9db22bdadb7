/** The sales-channels group's public face: the digest run for its schedule, and the digest's sent mark. */
export { markDigestSent, runSalesChannelDigests } from './digest-run';
