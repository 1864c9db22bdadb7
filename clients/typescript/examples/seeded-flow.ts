import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  createPaymentsClient,
  type WebhookNotification,
  wasReplayed,
  webhookVerifier,
} from '@payments-platform/client';

/** What `npm start` seeds (printed at start, and in SEED_OUT): a test account, its merchant config and wallet. */
export interface Seed {
  apiKey: string;
  configId: string;
  testWalletAssetId: string;
}

/** Creates a payment request, pays it from the seeded wallet, reads it and refunds it, as the seed's account. */
export async function payAndRefund(platformUrl: string, seed: Seed) {
  const client = createPaymentsClient({ baseUrl: platformUrl, apiKey: seed.apiKey });
  const value = { currency: 'NZD', amount: '1250' };

  const created = await client.POST('/api/payment-requests', { body: { configId: seed.configId, value } });
  if (!created.data) throw new Error(`create: ${JSON.stringify(created.error)}`);
  const path = { paymentRequestId: created.data.id };

  // The key makes the payment safe to send again: a retry (the client's own, on 409/429/503, or this one) pays once.
  const payment = {
    assetType: 'svc.nzd.test',
    assetId: seed.testWalletAssetId,
    idempotencyKey: `pay-${path.paymentRequestId}`,
  };
  const paid = await client.POST('/api/payment-requests/{paymentRequestId}/pay', { params: { path }, body: payment });
  if (!paid.data) throw new Error(`pay: ${JSON.stringify(paid.error)}`);
  const again = await client.POST('/api/payment-requests/{paymentRequestId}/pay', { params: { path }, body: payment });

  const read = await client.GET('/api/payment-requests/{paymentRequestId}', { params: { path } });
  if (!read.data) throw new Error(`read: ${JSON.stringify(read.error)}`);

  const refunded = await client.POST('/api/payment-requests/{paymentRequestId}/refund', {
    params: { path },
    body: { value, externalRef: `refund-${path.paymentRequestId}` },
  });
  if (!refunded.data) throw new Error(`refund: ${JSON.stringify(refunded.error)}`);

  return { paymentRequest: read.data, replayed: wasReplayed(again.response), refund: refunded.data };
}

/**
 * An HTTP handler for the endpoint registered at `url`: it answers 200 to a delivery the platform signed for it
 * (and hands over the notification), 401 to anything else.
 */
export function webhookHandler(platformUrl: string, url: string, onNotification: (n: WebhookNotification) => void) {
  const verify = webhookVerifier(platformUrl);
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      try {
        onNotification(await verify({ authorization: req.headers.authorization, rawBody: Buffer.concat(chunks), url }));
        res.writeHead(200).end();
      } catch {
        res.writeHead(401).end();
      }
    });
  };
}
