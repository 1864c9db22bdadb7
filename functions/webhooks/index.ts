/** The webhooks group's public face: what the webhook queue's consumer runs. */
export { advanceDelivery } from './advance-delivery';
export { fanOutEvent } from './fan-out-event';
