/** The webhooks group's public face: what the webhook queue's consumer runs and the admin command manages. */
export { advanceDelivery } from './advance-delivery';
export { fanOutEvent } from './fan-out-event';
export { addWebhook, queryWebhooks, removeWebhook } from './webhook-store';
