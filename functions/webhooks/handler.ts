import { createGroupHandler } from '../core/http/group-handler';
import { createWebhook } from './create-webhook';
import { deleteWebhook } from './delete-webhook';
import { listWebhookDeliveries } from './list-webhook-deliveries';
import { listWebhooks } from './list-webhooks';

export const handler = createGroupHandler('webhooks', { createWebhook, listWebhooks, deleteWebhook, listWebhookDeliveries });
