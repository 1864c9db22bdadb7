import { groupHandler } from '../group-lambda';
import { createWebhook } from './create-webhook';
import { deleteWebhook } from './delete-webhook';
import { listWebhookDeliveries } from './list-webhook-deliveries';
import { listWebhooks } from './list-webhooks';

export const handler = groupHandler('webhooks', { createWebhook, listWebhooks, deleteWebhook, listWebhookDeliveries });
