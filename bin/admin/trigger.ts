import { randomBytes } from 'node:crypto';
import type { NotificationType } from '../../functions/core/webhooks/notification-types';

/** What a trigger answers: the event type, the objects it acted on, and each call it made. */
interface Triggered {
  type: NotificationType;
  accountId: string;
  paymentRequestId?: string;
  assetTransferId?: string;
  steps: string[];
}

export interface TriggerOptions {
  type: NotificationType;
  /** The platform's HTTP address. */
  apiUrl: string;
  accountId: string;
  /** An account-owner key of the (test) account: every step is an ordinary API call with it. */
  apiKey: string;
  /** An existing payment request (payment types) or asset transfer (`asset-transfer:returned`) to act on. */
  forId?: string;
  /** Moves the account's test clock: the only step no account key may take. */
  advanceClock(seconds: number): Promise<unknown>;
}

const TWO_WEEKS_SECONDS = 14 * 24 * 3600;

// biome-ignore lint/suspicious/noExplicitAny: API answers, read field by field
type Body = any;

/**
 * `npm run admin -- trigger <type>`: makes the platform send a webhook event of that type by taking, over
 * the public API with the account's key, the steps an integrator's flow would take (pay a payment request,
 * refund it, leave an asset transfer unclaimed until the test clock passes its return). Nothing is written
 * to the table but the clock. A refund raises `refund-initiated` and `refund-completed` together.
 */
export async function trigger(options: TriggerOptions): Promise<Triggered> {
  const steps: string[] = [];
  const call = async (method: string, path: string, body?: unknown): Promise<Body> => {
    const res = await fetch(`${options.apiUrl}${path}`, {
      method,
      headers: { 'x-api-key': options.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json().catch(() => ({}))) as Body;
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
    steps.push(`${method} ${path}`);
    return answer;
  };
  const ref = () => `trigger-${randomBytes(6).toString('hex')}`;

  /** A new svc.nzd.test wallet of the account holding `amount` cents of test money. */
  const fundedWallet = async (amount: string): Promise<string> => {
    const wallet = await call('POST', '/api/wallet-assets', { accountId: options.accountId, ledgerId: 'svc.nzd.test' });
    await call('POST', `/api/wallet-assets/${wallet.id}/test-topups`, {
      value: { currency: 'NZD', amount },
      idempotencyKey: ref(),
    });
    return wallet.id;
  };

  /** A paid payment request: `--for`'s, paid now unless it already is, or a new one of a new test merchant. */
  const paidRequest = async (): Promise<Body> => {
    let request: Body;
    if (options.forId) {
      request = await call('GET', `/api/payment-requests/${options.forId}`);
      if (request.status === 'paid') return request;
    } else {
      const merchant = await call('POST', '/api/merchants', {
        accountId: options.accountId,
        name: 'Webhook trigger',
        country: 'NZ',
        test: true,
      });
      const config = await call('POST', `/api/merchants/${merchant.id}/configs`, {
        paymentOptions: [{ type: 'svc.nzd.test' }],
      });
      request = await call('POST', '/api/payment-requests', {
        configId: config.id,
        value: { currency: 'NZD', amount: '1000' },
      });
    }
    const assetId = await fundedWallet(request.value.amount);
    await call('POST', `/api/payment-requests/${request.id}/pay`, {
      assetType: 'svc.nzd.test',
      assetId,
      idempotencyKey: ref(),
    });
    return request;
  };

  const done = (ids: Partial<Triggered>): Triggered => ({
    type: options.type,
    accountId: options.accountId,
    ...ids,
    steps,
  });
  switch (options.type) {
    case 'payment-request:paid':
      return done({ paymentRequestId: (await paidRequest()).id });
    case 'payment-request:refund-initiated':
    case 'payment-request:refund-completed': {
      const request = await paidRequest();
      await call('POST', `/api/payment-requests/${request.id}/refund`, { value: request.value, externalRef: ref() });
      return done({ paymentRequestId: request.id });
    }
    case 'asset-transfer:returned': {
      const { now } = await call('GET', `/api/accounts/${options.accountId}/test-clock`);
      let transfer: Body;
      if (options.forId) {
        transfer = await call('GET', `/api/asset-transfers/${options.forId}`);
      } else {
        // To an address no one reads, told nothing: the transfer stays open until it is returned.
        transfer = await call('POST', '/api/asset-transfers', {
          assetId: await fundedWallet('100'),
          value: '100',
          recipientAlias: `${ref()}@example.com`,
          suppressNotification: true,
        });
      }
      // An unclaimed transfer goes back two weeks after it was made, or at a later expiry (before that, an expired
      // one rests `expired`).
      const returnAt = Math.max(
        Date.parse(transfer.createdAt) + TWO_WEEKS_SECONDS * 1000,
        transfer.expiresAt ? Date.parse(transfer.expiresAt) : 0,
      );
      const seconds = Math.ceil((returnAt - Date.parse(now)) / 1000) + 1;
      if (seconds > 0) {
        await options.advanceClock(seconds);
        steps.push(`advance the account's test clock ${seconds} s`);
      }
      // A read returns a due transfer itself, whether or not its timer ran yet.
      const read = await call('GET', `/api/asset-transfers/${transfer.id}`);
      if (read.status !== 'returned')
        throw new Error(`asset transfer ${transfer.id} is ${read.status}, not returnable`);
      return done({ assetTransferId: transfer.id });
    }
  }
}
