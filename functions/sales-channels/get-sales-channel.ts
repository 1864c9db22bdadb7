import { forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { findSalesChannel, present } from './sales-channel-store';

/** A sales channel, to its account. */
export const getSalesChannel = authedOperation(async ({ params, auth }) => {
  const channel = await findSalesChannel(params.salesChannelId);
  if (!channel) throw forbidden();
  await auth.access.account(channel.accountId);
  return present(channel);
});
