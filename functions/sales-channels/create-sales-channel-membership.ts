import type { FromSchema } from 'json-schema-to-ts';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { loadMerchantFor } from '../merchants';
import {
  findMembership,
  MembershipExists,
  membershipSteps,
  newMembership,
  presentMembership,
} from './membership-store';
import { connectRequestSteps, newConnectRequests } from './connect-request-store';
import { findSalesChannel } from './sales-channel-store';
import type { createSalesChannelMembershipBody } from './schemas';

type Body = FromSchema<typeof createSalesChannelMembershipBody>;

/**
 * Joins a merchant of the caller's account to a sales channel. Any account's channel may be joined (a channel is
 * offered to every merchant; the answer shows nothing of it beyond its id); a missing one is INVALID_SALES_CHANNEL.
 * A merchant joins a channel once: asking again answers the membership as it is. The membership is the merchant's
 * request to connect to the channel: it is recorded with it, on the channel account's clock, for the channel's digest.
 */
export const createSalesChannelMembership = authedOperation<Body>(async ({ body, auth, now }) => {
  const merchant = await loadMerchantFor(body.merchantId, auth.access);
  const channel = await findSalesChannel(body.salesChannelId);
  if (!channel) throw businessRule('INVALID_SALES_CHANNEL');
  const existing = await findMembership(channel.id, merchant.id);
  if (existing) return presentMembership(existing);
  const membership = newMembership(channel, merchant, auth.principal.crn, isoTimestamp(now));
  try {
    // Read again on a conflict: the channel's clock moved past a digest while this request was being recorded.
    await retryOnConflict(async () => {
      const requests = await newConnectRequests([{ channel, membership, merchantName: merchant.name }]);
      await runTransaction([...membershipSteps(membership), ...connectRequestSteps(...requests)]);
    });
    return presentMembership(membership);
  } catch (error) {
    if (!(error instanceof MembershipExists)) throw error;
    // A concurrent call made it first: answer that one.
    const made = await findMembership(channel.id, merchant.id);
    if (!made) throw error;
    return presentMembership(made);
  }
});
