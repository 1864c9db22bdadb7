import type { FromSchema } from 'json-schema-to-ts';
import type { createSalesChannelBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { badRequest, businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { newId } from '../core/ids';
import type { SalesChannel } from './entities';
import { findSalesChannel, insertSalesChannel, present } from './sales-channel-store';
import { madeBy } from '../core/audit';

type Body = FromSchema<typeof createSalesChannelBody>;

/**
 * A sales channel of an org account (ACCOUNT_TYPE_INVALID otherwise). A reseller names the
 * provider's channel it resells (a `provider` channel of the same liveness, else
 * INVALID_SALES_CHANNEL); connect requests are notified by email (with its frequency) or webhook.
 */
export const createSalesChannel = authedOperation<Body>(async ({ body, auth, now }) => {
  checkNotification(body);
  if (body.type === 'reseller' && !body.providerSalesChannelId)
    throw badRequest('providerSalesChannelId is required for a reseller sales channel');
  if (body.type === 'provider' && body.providerSalesChannelId)
    throw badRequest('providerSalesChannelId is only taken for a reseller sales channel');
  const account = await auth.access.orgAccount(body.accountId, 'ACCOUNT_TYPE_INVALID');
  const test = account.test === true;
  if (body.providerSalesChannelId) {
    const provider = await findSalesChannel(body.providerSalesChannelId);
    if (provider?.type !== 'provider' || provider.test !== test) throw businessRule('INVALID_SALES_CHANNEL');
  }
  const at = isoTimestamp(now);
  const channel: SalesChannel = {
    id: newId('salesChannel'),
    name: body.name,
    type: body.type,
    accountId: account.id,
    test,
    ...(body.providerSalesChannelId ? { providerSalesChannelId: body.providerSalesChannelId } : {}),
    deviceId: body.deviceId === true,
    deviceModel: body.deviceModel === true,
    deviceSerialNumber: body.deviceSerialNumber === true,
    externalId: body.externalId === true,
    ...(body.notificationEmail
      ? { notificationEmail: body.notificationEmail, notificationFrequency: body.notificationFrequency }
      : {}),
    ...(body.notificationUrl ? { notificationUrl: body.notificationUrl } : {}),
    ...madeBy(auth.principal.crn, at),
  };
  await insertSalesChannel(channel);
  return present(channel);
});

/** Connect requests must reach someone: an email (sent daily or weekly), a webhook, or both. */
function checkNotification(body: Body): void {
  if (!body.notificationEmail && !body.notificationUrl)
    throw badRequest('notificationEmail or notificationUrl is required');
  if (body.notificationEmail && !body.notificationFrequency)
    throw badRequest('notificationFrequency is required with notificationEmail');
  if (!body.notificationEmail && body.notificationFrequency)
    throw badRequest('notificationFrequency is only taken with notificationEmail');
}
