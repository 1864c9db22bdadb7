/**
 * Names the platform's telemetry uses: the Lambdas emit them (core/observability.ts), the stack's
 * alarms and dashboard read them (lib/constructs/observability.ts). Data only: no Powertools here.
 */
export const SERVICE = 'payments-platform';
export const METRICS_NAMESPACE = 'PaymentsPlatform';

/**
 * The metrics the platform emits (EMF, namespace METRICS_NAMESPACE, dimension `service`; amounts also by `currency`).
 */
export const METRIC = {
  payments: 'Payments',
  paymentAmount: 'PaymentAmount',
  refunds: 'Refunds',
  refundAmount: 'RefundAmount',
  voids: 'Voids',
  webhookDeliveries: 'WebhookDeliveries',
  webhookDeliveryFailures: 'WebhookDeliveryFailures',
  webhookDeliveriesParked: 'WebhookDeliveriesParked',
  rateLimitRefusals: 'RateLimitRefusals',
  serverErrors: 'ServerErrors',
  backlogRecorded: 'BacklogRecorded',
} as const;
export type MetricName = (typeof METRIC)[keyof typeof METRIC];
