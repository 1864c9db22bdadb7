import { readFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import { join } from 'node:path';
import {
  createPaymentsClient,
  idempotencyHeader,
  items,
  wasReplayed,
  type WebhookNotification,
} from '@payments-platform/client';
import { payAndRefund, webhookHandler } from '../../clients/typescript/examples/seeded-flow';
import { SCHEMA_TYPES_FILE, schemaTypes } from '../../clients/typescript/scripts/schema-types';
import { api, platformUrl, seed } from '../support/api';
import { newMerchant } from '../support/payments';

const CLIENT = join(__dirname, '..', '..', 'clients', 'typescript');
const NOTIFICATIONS = ['payment-request:paid', 'payment-request:refund-initiated', 'payment-request:refund-completed'];

/** The first line where two texts differ, shown short: a 20,000-line diff would hide it. */
function firstDifference(committed: string, served: string): string | undefined {
  const [a, b] = [committed.split('\n'), served.split('\n')];
  const line = a.findIndex((text, i) => text !== b[i]);
  if (line === -1 && a.length === b.length) return undefined;
  const at = line === -1 ? a.length : line;
  const shown = `committed ${JSON.stringify(a[at])}, served document gives ${JSON.stringify(b[at])}`;
  return `line ${at + 1}: ${shown} (run npm run client:generate)`;
}

describe('the generated types', () => {
  it('are what `npm run client:generate` makes of the document the platform serves', async () => {
    const document = (await (await fetch(`${platformUrl()}/api/openapi.json`)).json()) as Record<string, unknown>;
    const committed = readFileSync(join(CLIENT, SCHEMA_TYPES_FILE), 'utf8');
    expect(firstDifference(committed, await schemaTypes(document))).toBeUndefined();
    // openapi-typescript bundles and types 200-odd operations: 18 s on a loaded 2-core machine.
  }, 60_000);
});

/** A server on 127.0.0.1 whose handler is made once its URL is known (the URL the endpoint is registered with). */
async function serve(handlerFor: (url: string) => RequestListener) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/webhooks`;
  server.on('request', handlerFor(url));
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe("the client README's seeded flow, run against the local platform", () => {
  const notifications: WebhookNotification[] = [];
  const allArrived = new Promise<void>((resolve) => {
    notifications.push = (...added) => {
      const length = Array.prototype.push.apply(notifications, added);
      if (length === NOTIFICATIONS.length) resolve();
      return length;
    };
  });
  let receiver: Awaited<ReturnType<typeof serve>>;
  afterAll(() => receiver?.close());

  it('is in the README exactly as it runs here', () => {
    const example = readFileSync(join(CLIENT, 'examples', 'seeded-flow.ts'), 'utf8');
    expect(readFileSync(join(CLIENT, 'README.md'), 'utf8')).toContain(`\`\`\`ts\n${example}\`\`\``);
  });

  it('creates, pays (once when retried), reads and refunds a payment request, and verifies its webhooks', async () => {
    // An account set up as `npm start` seeds its demo account: a merchant config and a funded wallet of its own.
    const merchant = await newMerchant();
    const client = createPaymentsClient({ baseUrl: platformUrl(), apiKey: merchant.owner.apiKey });
    const wallet = await client.POST('/api/wallet-assets', {
      body: { accountId: merchant.owner.accountId, ledgerId: 'svc.nzd.test' },
    });
    const walletId = wallet.data!.id;
    const topup = await client.POST('/api/wallet-assets/{assetId}/test-topups', {
      params: { path: { assetId: walletId } },
      body: { value: { currency: 'NZD', amount: '1000000' }, idempotencyKey: `fund-${walletId}` },
    });
    expect(topup.response.status).toBe(200);

    receiver = await serve((url) => webhookHandler(platformUrl(), url, (n) => notifications.push(n)));
    const registered = await api('POST', `/api/accounts/${merchant.owner.accountId}/webhooks`, {
      key: seed().operatorApiKey,
      body: { url: receiver.url, types: NOTIFICATIONS },
    });
    expect(registered.status).toBe(200);

    const { paymentRequest, replayed, refund } = await payAndRefund(platformUrl(), {
      apiKey: merchant.owner.apiKey,
      configId: merchant.configId,
      testWalletAssetId: walletId,
    });
    expect(paymentRequest).toMatchObject({ status: 'paid', value: { currency: 'NZD', amount: '1250' } });
    expect(replayed).toBe(true);
    expect(refund).toMatchObject({ paymentRequestId: paymentRequest.id, type: 'refund' });

    // Paid once and refunded in full: the wallet holds what it was funded with, the merchant's wallet nothing.
    const asset = (assetId: string) => client.GET('/api/assets/{assetId}', { params: { path: { assetId } } });
    expect((await asset(walletId)).data).toMatchObject({ balance: '1000000' });
    expect((await asset(merchant.settlementWalletId)).data).toMatchObject({ balance: '0' });

    await allArrived;
    expect(notifications.map((n) => n.type).sort()).toEqual([...NOTIFICATIONS].sort());
    for (const n of notifications) {
      expect(n).toMatchObject({ accountId: merchant.owner.accountId, test: true });
      expect(n.data).toMatchObject({ paymentRequestId: paymentRequest.id });
    }

    // What the handler refuses: a delivery without the platform's signature over this URL and body.
    const forged = await fetch(receiver.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${registered.body.id}.forged.token`, 'content-type': 'application/json' },
      body: JSON.stringify(notifications[0]),
    });
    expect(forged.status).toBe(401);
    expect(notifications).toHaveLength(NOTIFICATIONS.length);

    // The event log, page by page (one event a page), lists the same events.
    const logged = items((pageKey) =>
      client.GET('/api/accounts/{accountId}/webhook-events', {
        params: { path: { accountId: merchant.owner.accountId }, query: { pageKey, paginationLimit: 1 } },
      }),
    );
    const ids: string[] = [];
    for await (const event of logged) ids.push(event.id);
    expect(ids.sort()).toEqual(notifications.map((n) => n.id).sort());
    // A dozen calls and three deliveries through the table's stream: 25 s on a loaded 2-core machine.
  }, 90_000);

  it('sends a void again with its Idempotency-Key and voids once', async () => {
    const merchant = await newMerchant();
    const client = createPaymentsClient({ baseUrl: platformUrl(), apiKey: merchant.owner.apiKey });
    const created = await client.POST('/api/payment-requests', {
      body: { configId: merchant.configId, value: { currency: 'NZD', amount: '500' } },
    });
    const path = { paymentRequestId: created.data!.id };
    const header = idempotencyHeader();
    const first = await client.POST('/api/payment-requests/{paymentRequestId}/void', { params: { path, header } });
    const again = await client.POST('/api/payment-requests/{paymentRequestId}/void', { params: { path, header } });
    expect(first.response.status).toBe(200);
    expect(wasReplayed(first.response)).toBe(false);
    expect(again.data).toEqual(first.data);
    expect(wasReplayed(again.response)).toBe(true);
  });
});
