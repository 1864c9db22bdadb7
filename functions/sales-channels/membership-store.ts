import { madeBy } from '../core/audit';
import { boundedCountStep } from '../core/db/bounded-count';
import { publicView } from '../core/db/entity';
import type { TransactionStep } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import { newId } from '../core/ids';
import {
  merchantMembershipCountKey,
  salesChannelMembershipEntity,
  type SalesChannel,
  type SalesChannelMembership,
} from './entities';
import { salesChannelMembership } from './schemas';

/** How many sales channels one merchant may be a member of. */
export const MAX_MEMBERSHIPS_PER_MERCHANT = 20;

/** The channel and merchant already have their membership (the create's condition). */
export class MembershipExists extends Error {}

/**
 * A new `created` membership of a merchant in a channel of its liveness (LIVENESS_MISMATCH otherwise), owned by the
 * merchant's account.
 */
export function newMembership(
  channel: Pick<SalesChannel, 'id' | 'test'>,
  merchant: { id: string; accountId: string; test: boolean },
  by: string,
  at: string,
): SalesChannelMembership {
  if (channel.test !== merchant.test) throw businessRule('LIVENESS_MISMATCH');
  return {
    id: newId('salesChannelMembership'),
    salesChannelId: channel.id,
    merchantId: merchant.id,
    accountId: merchant.accountId,
    test: merchant.test,
    status: 'created',
    ...madeBy(by, at),
  };
}

/**
 * The writes that record memberships of one merchant: each conditional on its channel and the merchant having none
 * (MembershipExists), and counted on the merchant in one step (SALES_CHANNEL_MEMBERSHIP_LIMIT_EXCEEDED past
 * MAX_MEMBERSHIPS_PER_MERCHANT): one transaction may not write the count item twice.
 */
export function membershipSteps(...memberships: SalesChannelMembership[]): TransactionStep[] {
  if (memberships.length === 0) return [];
  if (new Set(memberships.map((m) => m.merchantId)).size > 1) throw new Error('memberships of one merchant only');
  return [
    ...memberships.map((membership) =>
      salesChannelMembershipEntity.createStep(membership, { onExists: () => new MembershipExists() }),
    ),
    boundedCountStep(
      merchantMembershipCountKey(memberships[0].merchantId),
      memberships.length,
      MAX_MEMBERSHIPS_PER_MERCHANT,
      'SALES_CHANNEL_MEMBERSHIP_LIMIT_EXCEEDED',
    ),
  ];
}

export const findMembership = (salesChannelId: string, merchantId: string) =>
  salesChannelMembershipEntity.get(salesChannelId, merchantId);

export const presentMembership = (membership: SalesChannelMembership): SalesChannelMembership =>
  publicView<SalesChannelMembership>(salesChannelMembership, membership);
