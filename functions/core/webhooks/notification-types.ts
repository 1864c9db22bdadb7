/**
 * Next-version notification types an account can subscribe a webhook endpoint to. A module of its
 * own so that schemas can name them without loading the outbox's AWS clients.
 */
export const NOTIFICATION_TYPES = [
  'payment-request:paid',
  'payment-request:refund-initiated',
  'payment-request:refund-completed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
