import { salesChannelCountKey, salesChannelEntity, type SalesChannel } from './entities';
import { salesChannel } from './schemas';
import { boundedCountStep } from '../core/db/bounded-count';
import { publicView } from '../core/db/entity';
import { runTransaction } from '../core/db/transaction';

/** How many sales channels one account may have. */
export const MAX_SALES_CHANNELS = 50;

/**
 * Writes a new channel and counts it on its account, in one transaction (SALES_CHANNEL_LIMIT_EXCEEDED past the limit).
 */
export async function insertSalesChannel(channel: SalesChannel): Promise<void> {
  await runTransaction([
    salesChannelEntity.createStep(channel),
    boundedCountStep(salesChannelCountKey(channel.accountId), 1, MAX_SALES_CHANNELS, 'SALES_CHANNEL_LIMIT_EXCEEDED'),
  ]);
}

export const findSalesChannel = (id: string): Promise<SalesChannel | undefined> => salesChannelEntity.get(id);

export const present = (channel: SalesChannel): SalesChannel => publicView<SalesChannel>(salesChannel, channel);
