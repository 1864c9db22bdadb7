import { MEASURED_HEADER } from '../../functions/core/db/capacity';
import { api, type ApiResponse } from '../support/api';
import { written } from '../support/value';
import { newMerchant, newPayer, newPaymentRequest, nzd, pay, type MerchantSetup } from '../support/payments';

/**
 * Serial DynamoDB round trips of the hot paths, as the local gateway measures them (the longest
 * chain of a request's calls each started after the one before it answered): issue 15's budget of
 * 2 for a read and 3 for a money write. A count, not a time: reads added in series fail it.
 */
const measured = (res: ApiResponse) =>
  JSON.parse(res.headers.get(MEASURED_HEADER) ?? '{}') as { serialRoundTrips: number; attemptedWrites: string[] };
const measuredTrips = (res: ApiResponse) => measured(res).serialRoundTrips;
/**
 * The tests run the local platform, whose every request first reads its test clock (LOCAL_TEST_CLOCK; never on a
 * deployed stack).
 */
const LOCAL_CLOCK_READ = 1;
const roundTrips = (res: ApiResponse) => measuredTrips(res) - LOCAL_CLOCK_READ;

/**
 * The warm figure of a request: a test account's key is cached for only a second, which a loaded
 * machine can let lapse between two requests, adding its verification to the chain. The fewest
 * round trips of three tries is the warm path's; a read added in series shows in every try.
 */
async function warmest(request: () => Promise<ApiResponse>): Promise<ApiResponse> {
  let best: ApiResponse | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const res = await request();
    expect(res.status).toBe(200);
    if (!best || roundTrips(res) < roundTrips(best)) best = res;
  }
  return best as ApiResponse;
}

let merchant: MerchantSetup;
beforeAll(async () => {
  merchant = await newMerchant();
});

describe('serial DynamoDB round trips', () => {
  it(
    'a pay from a wallet takes 2: the request beside the idempotency record, quota limits and balances; the ' +
      'transaction (the merchant account as the instance keeps it for authorization)',
    async () => {
      const payer = await newPayer('10000');
      // The first call of a key warms the function's key cache; the figure is the warm one.
      await pay(payer, (await newPaymentRequest(merchant, { value: nzd('100') })).id, 'warm');
      let attempt = 0;
      const res = await warmest(async () => {
        const pr = await newPaymentRequest(merchant, { value: nzd('100') });
        return pay(payer, pr.id, `measured-${attempt++}`);
      });
      expect(roundTrips(res)).toBe(2);
    },
  );

  it('a pay to a merchant whose account the instance keeps not reads it before the transaction: 3', async () => {
    const payer = await newPayer('10000');
    const unseen = await newPaymentRequest(await newMerchant(), { value: nzd('100') });
    const warm = await newPaymentRequest(merchant, { value: nzd('100') });
    // Right before, so that the payer's key is still verified (a test account's for a second).
    await pay(payer, warm.id, 'warm-key');
    const res = await pay(payer, unseen.id, 'unseen-merchant');
    expect(res.status).toBe(200);
    expect(roundTrips(res)).toBe(3);
  });

  it("an account's wallets, listed either way, take 2: index entries, then wallets with their balances", async () => {
    const payer = await newPayer('10000');
    const second = await api('POST', '/api/wallet-assets', {
      key: payer.apiKey,
      body: { accountId: payer.accountId, ledgerId: 'svc.nzd.test' },
    });
    expect(second.status).toBe(200);
    const assets = await warmest(() => api('GET', `/api/accounts/${payer.accountId}/assets`, { key: payer.apiKey }));
    expect(assets.body.items.map((a: { balance: string }) => a.balance).sort()).toEqual(['0', '10000']);
    expect(roundTrips(assets)).toBe(2);
    const wallets = await warmest(() => api('GET', '/api/wallet-assets', { key: payer.apiKey }));
    expect(wallets.body.map((a: { balance: string }) => a.balance).sort()).toEqual(['0', '10000']);
    expect(roundTrips(wallets)).toBe(2);
  });

  it('a refund takes 3 and a GET of the request 1', async () => {
    const payer = await newPayer('10000');
    const pr = await newPaymentRequest(merchant, { value: nzd('100') });
    expect((await pay(payer, pr.id, 'refundable')).status).toBe(200);
    const get = await warmest(() => api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey }));
    expect(roundTrips(get)).toBe(1);
    let refunds = 0;
    const refund = await warmest(() =>
      api('POST', `/api/payment-requests/${pr.id}/refund`, {
        key: merchant.owner.apiKey,
        body: { value: nzd('10'), externalRef: `r${++refunds}` },
      }),
    );
    expect(roundTrips(refund)).toBeLessThanOrEqual(3);
  });

  it(
    'a create takes 3: its config, its merchant, then the ' + 'transaction with the expiry timer sent beside it',
    async () => {
      await newPaymentRequest(merchant, { value: nzd('100') });
      const res = await warmest(() =>
        api('POST', '/api/payment-requests', {
          key: merchant.owner.apiKey,
          body: { configId: merchant.configId, value: nzd('100') },
        }),
      );
      expect(roundTrips(res)).toBe(3);
    },
  );

  it(
    'the first payment request activates its merchant; later ones send the merchant nothing, not even a refused ' +
      'update',
    async () => {
      const fresh = await newMerchant();
      const merchantWrites = (res: ApiResponse) => written(res).filter((k) => k.PK === `MERCHANT#${fresh.merchantId}`);
      const first = await api('POST', '/api/payment-requests', {
        key: fresh.owner.apiKey,
        body: { configId: fresh.configId, value: nzd('100') },
      });
      expect(merchantWrites(first)).toHaveLength(1);
      expect(
        (await api('GET', `/api/merchants/${fresh.merchantId}`, { key: fresh.owner.apiKey })).body.onboardingStatus,
      ).toBe('active');
      const second = await api('POST', '/api/payment-requests', {
        key: fresh.owner.apiKey,
        body: { configId: fresh.configId, value: nzd('100') },
      });
      expect(second.status).toBe(200);
      expect(merchantWrites(second)).toEqual([]);
      // A refused conditional update writes nothing but is billed: it is not sent at all.
      expect(measured(second).attemptedWrites).not.toContain(`MERCHANT#${fresh.merchantId}`);
    },
  );
});
