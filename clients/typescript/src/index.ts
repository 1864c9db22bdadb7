import createClient, { type Client } from 'openapi-fetch';
import { type RetryOptions, retryingFetch } from './retry';
import type { paths } from './schema';

export type { components, operations, paths } from './schema';
export { idempotencyHeader, wasReplayed } from './idempotency';
export { items, type Page, PageError } from './pages';
export { isRetrySafe, type RetryOptions, retryAfterSeconds, retryingFetch } from './retry';
export { type WebhookDelivery, type WebhookNotification, WebhookVerificationError, webhookVerifier } from './webhooks';

export type PaymentsClient = Client<paths>;

export interface PaymentsClientOptions {
  /** The platform's address, e.g. http://127.0.0.1:8787 (paths in the types start with /api). */
  baseUrl: string;
  /** Sent as `x-api-key` on every request. */
  apiKey?: string;
  /** Retries of retry-safe requests on 409/429/503 ({@link retryingFetch}); `false` sends each request once. */
  retry?: RetryOptions | false;
  /** The fetch to send with (default: the global one). */
  fetch?: (request: Request) => Promise<Response>;
}

/** A client typed by the platform's OpenAPI document: `client.POST('/api/payment-requests', { body })`. */
export function createPaymentsClient(options: PaymentsClientOptions): PaymentsClient {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: options.apiKey ? { 'x-api-key': options.apiKey } : {},
    fetch: options.retry === false ? send : retryingFetch(send, options.retry),
  });
}
