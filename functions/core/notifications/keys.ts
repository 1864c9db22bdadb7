/**
 * Key prefix of queued notifications, plain data: the notification entity builds its keys from it and the
 * table stream's filter (core/infrastructure.ts) hands each new one to the notifications queue by it.
 */
export const NOTIFICATION_KEY_PREFIX = 'NOTIFICATION#';
