import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { salesChannelCountKey, salesChannelEntity, type SalesChannel } from './entities';
import { salesChannel } from './schemas';
import { config } from '../core/config';
import { boundedCountStep } from '../core/db/bounded-count';
import { db } from '../core/db/client';
import { publicView } from '../core/db/entity';
import { runTransaction } from '../core/db/transaction';

const table = () => config().tableName;

/** How many sales channels one account may have. */
export const MAX_SALES_CHANNELS = 50;

/** Writes a new channel and counts it on its account, in one transaction (SALES_CHANNEL_LIMIT_EXCEEDED past the limit). */
export async function insertSalesChannel(channel: SalesChannel): Promise<void> {
  await runTransaction([
    {
      item: {
        Put: {
          TableName: table(),
          Item: salesChannelEntity.item(channel),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
    },
    boundedCountStep(salesChannelCountKey(channel.accountId), 1, MAX_SALES_CHANNELS, 'SALES_CHANNEL_LIMIT_EXCEEDED'),
  ]);
}

export async function findSalesChannel(id: string): Promise<SalesChannel | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: table(), Key: salesChannelEntity.key(id), ConsistentRead: true }),
  );
  return out.Item ? salesChannelEntity.parse(out.Item) : undefined;
}

export const present = (channel: SalesChannel): SalesChannel => publicView<SalesChannel>(salesChannel, channel);
