/**
 * Next-version notification types an account can subscribe a webhook endpoint to. A module of its
 * own so that schemas can name them without loading the outbox's AWS clients.
 */
export const NOTIFICATION_TYPES = [
  'payment-request:paid',
  'payment-request:refund-initiated',
  'payment-request:refund-completed',
  /** An unclaimed asset transfer went back to its sender (data: the Asset Transfer). */
  'asset-transfer:returned',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
