import { webhook } from './schemas';
import { isoTimestamp } from '../core/clock';
import { publicView } from '../core/db/entity';
import {
  retryOnConflict,
  runTransaction,
  TransactionConflictError,
  type TransactionStep,
} from '../core/db/transaction';
import { webhookCountEntity, webhookEntity, webhooksOfAccount, type Webhook } from './entities';
import { badRequest, businessRule, forbidden } from '../core/errors/classes';
import { newId } from '../core/ids';
import type { NotificationType } from '../core/webhooks/notification-types';
import { checkTarget, TargetRefusedError } from '../core/webhooks/target-guard';

export type { Webhook } from './entities';

/** How many endpoints one account may have (each event is delivered to every one subscribed). */
export const MAX_WEBHOOKS_PER_ACCOUNT = 20;

/**
 * The account's count moved from `seen` (what the caller just read of its endpoints) by `delta`: written only if no
 * other change came in between (a count absent, as before counts were kept, is taken as read), else the caller
 * reads again. So the limit holds under racing registrations, and the count is always the endpoints' own.
 */
const countStep = (accountId: string, seen: number, delta: number): TransactionStep =>
  webhookCountEntity.updateStep([accountId], {
    upsert: true,
    set: { accountId, count: seen + delta },
    if: {
      expression: 'attribute_not_exists(#count) OR #count = :seen',
      names: { '#count': 'count' },
      values: { ':seen': seen },
    },
    onConditionFailed: () => new TransactionConflictError(),
  });

/**
 * Registers an endpoint for an account; the URL must pass the target guard (400 naming `url`), and the account may
 * have at most MAX_WEBHOOKS_PER_ACCOUNT (WEBHOOK_LIMIT_EXCEEDED).
 */
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
  await retryOnConflict(async () => {
    const held = (await webhookEntity.all(webhooksOfAccount(input.accountId))).length;
    if (held >= MAX_WEBHOOKS_PER_ACCOUNT) throw businessRule('WEBHOOK_LIMIT_EXCEEDED');
    await runTransaction([webhookEntity.createStep(stored), countStep(input.accountId, held, 1)]);
  });
  return present(stored);
}

/** The account's endpoints: a small set, registered by the operator only. */
export async function queryWebhooks(accountId: string): Promise<Webhook[]> {
  return (await webhookEntity.all(webhooksOfAccount(accountId))).map(present);
}

/** The public view: the Webhook schema's fields only. */
const present = (record: Webhook): Webhook => publicView<Webhook>(webhook, record);

/** Removes an endpoint; a missing one is FORBIDDEN, like any resource the caller cannot see. */
export async function removeWebhook(accountId: string, id: string): Promise<void> {
  await retryOnConflict(async () => {
    const held = await webhookEntity.all(webhooksOfAccount(accountId));
    if (!held.some((webhook) => webhook.id === id)) throw forbidden();
    await runTransaction([
      webhookEntity.removeStep([accountId, id], {
        if: { expression: 'attribute_exists(PK)' },
        onConditionFailed: () => new TransactionConflictError(),
      }),
      countStep(accountId, held.length, -1),
    ]);
  });
}
