import { webhook } from './schemas';
import { isoTimestamp } from '../core/clock';
import { publicView } from '../core/db/entity';
import { webhookEntity, webhooksOfAccount, type Webhook } from './entities';
import { badRequest, forbidden } from '../core/errors/classes';
import { newId } from '../core/ids';
import type { NotificationType } from '../core/webhooks/notification-types';
import { checkTarget, TargetRefusedError } from '../core/webhooks/target-guard';

export type { Webhook } from './entities';

/** Registers an endpoint for an account; the URL must pass the target guard (400 naming `url`). */
export async function addWebhook(
  input: { accountId: string; url: string; types: NotificationType[] },
  createdBy: string,
  now: Date,
): Promise<Webhook> {
  try {
    await checkTarget(input.url);
  } catch (error) {
    if (error instanceof TargetRefusedError) throw badRequest(`url ${error.message}`);
    throw error;
  }
  const stored: Webhook = {
    id: newId('webhook'),
    accountId: input.accountId,
    url: input.url,
    types: input.types,
    createdAt: isoTimestamp(now),
    createdBy,
  };
  return present(await webhookEntity.create(stored));
}

/** The account's endpoints: a small set, registered by the operator only. */
export async function queryWebhooks(accountId: string): Promise<Webhook[]> {
  return (await webhookEntity.all(webhooksOfAccount(accountId))).map(present);
}

/** The public view: the Webhook schema's fields only. */
const present = (record: Webhook): Webhook => publicView<Webhook>(webhook, record);

/** Removes an endpoint; a missing one is FORBIDDEN, like any resource the caller cannot see. */
export async function removeWebhook(accountId: string, id: string): Promise<void> {
  await webhookEntity.remove([accountId, id], {
    if: { expression: 'attribute_exists(PK)' },
    onConditionFailed: () => forbidden(),
  });
}
