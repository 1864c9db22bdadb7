import { GetCommand } from '../../functions/core/db/document';
import { db } from '../../functions/core/db/client';
import { paymentRequestKey } from '../../functions/payment-requests/keys';
import { api, FORBIDDEN, newAccount, seed } from '../support/api';
import { advanceClock, HOUR, waitFor } from '../support/clock';
import { balance, newMerchant, newPayer, newPaymentRequest, nzd, pay, type MerchantSetup } from '../support/payments';

const code = (message: string, statusCode = 403) => ({
  statusCode,
  error: statusCode === 400 ? 'Bad Request' : 'Forbidden',
  message,
});

let merchant: MerchantSetup;
beforeAll(async () => {
  merchant = await newMerchant({ allowedRedirectUrls: ['https://shop.example.com/'] });
});

describe('create payment request', () => {
  it('creates a new request with the documented fields and makes the merchant active', async () => {
    const pr = await newPaymentRequest(merchant, { externalRef: 'order-1', invoiceRef: 'inv-1' });
    expect(pr).toMatchObject({
      status: 'new',
      value: nzd('1000'),
      merchantId: merchant.merchantId,
      merchantName: 'Test Cafe',
      configId: merchant.configId,
      liveness: 'test',
      expirySeconds: 120,
      remainingAmount: '1000',
      merchantConditions: [],
      paymentOptions: [{ assetType: 'svc.nzd.test', amount: '1000' }],
      createdByAccountId: merchant.owner.accountId,
      externalRef: 'order-1',
    });
    expect(Date.parse(pr.expiresAt) - Date.parse(pr.createdAt)).toBe(120_000);
    expect(pr.url).toMatch(new RegExp(`^https?://[^/]+/pay/${pr.id}$`));
    expect(pr.shortCode).toMatch(/^CP-[0-9A-Z]{3}-[0-9A-Z]{3}$/);
    expect(pr.createdByAccountName).toMatch(/^Test account/);
    const m = await api('GET', `/api/merchants/${merchant.merchantId}`, { key: merchant.owner.apiKey });
    expect(m.body.onboardingStatus).toBe('active');
    const activities = await api('GET', `/api/payment-requests/${pr.id}/activities`, { key: merchant.owner.apiKey });
    expect(activities.body.items.map((a: { type: string }) => a.type)).toEqual(['request']);
  });

  it('validates value, expiry, line items, redirects and partial payments', async () => {
    const create = (body: Record<string, unknown>) =>
      api('POST', '/api/payment-requests', {
        key: merchant.owner.apiKey,
        body: { configId: merchant.configId, value: nzd('1000'), ...body },
      });
    expect(
      (
        await api('POST', '/api/payment-requests', {
          key: merchant.owner.apiKey,
          body: { configId: merchant.configId },
        })
      ).body,
    ).toEqual(code('value is required', 400));
    expect((await create({ value: nzd('0') })).body.message).toBe('value.amount must be greater than 0');
    expect((await create({ value: nzd('100000000') })).body.message).toBe('value.amount must be less than 100000000');
    expect((await create({ expirySeconds: 5 })).body.message).toBe('expirySeconds must be an integer from 10 to 86400');
    expect((await create({ expirySeconds: '300' })).body.expirySeconds).toBe(300);
    expect((await create({ lineItems: [{ name: 'a', qty: '1', price: '999' }] })).body).toEqual(
      code('LINE_ITEMS_SUM_CHECK_FAILED', 400),
    );
    const derived = await create({ lineItems: [{ name: 'a', qty: '4', unitPrice: '250' }] });
    expect(derived.body.lineItems[0].price).toBe('1000');
    expect((await create({ redirectPaidUrl: 'https://evil.example.com/x' })).body).toEqual(
      code('REDIRECT_URL_INVALID'),
    );
    expect((await create({ redirectPaidUrl: 'https://shop.example.com/paid' })).status).toBe(200);
    expect((await create({ partialAllowed: true })).body.message).toBe(
      'basketAmount is required when partialAllowed is true',
    );
    expect((await create({ value: { currency: 'AUD', amount: '1000' } })).body).toEqual(
      code('NO_AVAILABLE_PAYMENT_OPTIONS'),
    );
    expect((await create({ barcode: '9990001234567895' })).body).toEqual(code('CHECKSUM_FAILED', 400));
    expect((await create({ barcode: '9990001234567890' })).body).toEqual(code('PATRON_CODE_INVALID'));
    expect((await create({ collectionId: 'c_zzNoSuchResourcezzzzzz' })).body).toEqual(
      code('TOKEN_COLLECTION_NOT_FOUND'),
    );
    // An id that cannot exist (core/ids.ts) is refused by the schema, naming the field.
    expect((await create({ collectionId: 'c_nope' })).body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'collectionId has an invalid format',
    });
    expect((await create({ connectionId: 'cn_zzNoSuchResourcezzzzzz' })).body).toEqual(code('CONNECTION_NOT_FOUND'));
    expect((await create({ paymentLinkId: 'pl_zzNoSuchResourcezzzzzz' })).body).toEqual(FORBIDDEN);
    expect((await create({ configId: 'notAConfig' })).status).toBe(400);
  });

  it("refuses another account's merchant config exactly like a missing one", async () => {
    const stranger = await newAccount();
    const foreign = await api('POST', '/api/payment-requests', {
      key: stranger.apiKey,
      body: { configId: merchant.configId, value: nzd('10') },
    });
    const missing = await api('POST', '/api/payment-requests', {
      key: stranger.apiKey,
      body: { configId: 'mc_zzNoSuchResourcezzzzzz', value: nzd('10') },
    });
    expect(foreign.body).toEqual(FORBIDDEN);
    expect(missing.body).toEqual(FORBIDDEN);
  });
});

describe('reading payment requests', () => {
  it('finds a request by id, by short code (latest), by external ref, and shows a public summary', async () => {
    const pr = await newPaymentRequest(merchant, { externalRef: 'ext-lookup' });
    const byCode = await api('GET', `/api/payment-requests/short-code/${pr.shortCode}`, { key: merchant.owner.apiKey });
    expect(byCode.body.id).toBe(pr.id);
    const lower = await api('GET', `/api/payment-requests/short-code/${pr.shortCode.toLowerCase()}`, {
      key: merchant.owner.apiKey,
    });
    expect(lower.body.id).toBe(pr.id);
    const tampered = pr.shortCode.slice(0, -1) + (pr.shortCode.endsWith('0') ? '1' : '0');
    expect(
      (await api('GET', `/api/payment-requests/short-code/${tampered}`, { key: merchant.owner.apiKey })).body,
    ).toEqual(code('CHECKSUM_FAILED', 400));
    const second = await newPaymentRequest(merchant, { externalRef: 'ext-lookup' });
    const byRef = await api(
      'GET',
      `/api/payment-requests/external-ref/ext-lookup?merchantAccountId=${merchant.owner.accountId}`,
      { key: merchant.owner.apiKey },
    );
    expect(byRef.body.items.map((i: { id: string }) => i.id)).toEqual([second.id, pr.id]);
    const page = await fetch(pr.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('NZ$10.00');
    const summary = await api('GET', `/api/payment-requests/${pr.id}/summary`);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ id: pr.id, status: 'new', value: nzd('1000'), merchantName: 'Test Cafe' });
    expect(summary.body.configId).toBeUndefined();
  });

  it('lets any key read a request (global read) but not the merchant lookups', async () => {
    const pr = await newPaymentRequest(merchant);
    const stranger = await newAccount();
    expect((await api('GET', `/api/payment-requests/${pr.id}`, { key: stranger.apiKey })).status).toBe(200);
    expect(
      (await api('GET', `/api/payment-requests/short-code/${pr.shortCode}`, { key: stranger.apiKey })).body,
    ).toEqual(FORBIDDEN);
    expect((await api('GET', `/api/payment-requests/${pr.id}/activities`, { key: stranger.apiKey })).body).toEqual(
      FORBIDDEN,
    );
    expect((await api('GET', '/api/payment-requests/doesNotExist', { key: stranger.apiKey })).body).toEqual(FORBIDDEN);
  });
});

describe('paying', () => {
  it('moves the money once: payer debited, settlement wallet credited, request paid', async () => {
    const payer = await newPayer('5000');
    const pr = await newPaymentRequest(merchant, { value: nzd('1250') });
    const before = await balance(merchant.owner.apiKey, merchant.settlementWalletId);
    const paid = await pay(payer, pr.id, 'k1');
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      type: 'payment',
      value: nzd('1250'),
      assetType: 'svc.nzd.test',
      idempotencyKey: 'k1',
      paymentRequestId: pr.id,
    });
    expect(paid.body.shortCode).toBe(`${pr.shortCode}-002`);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('3750');
    expect(BigInt(await balance(merchant.owner.apiKey, merchant.settlementWalletId)) - BigInt(before)).toBe(1250n);
    const after = await api('GET', `/api/payment-requests/${pr.id}`, { key: payer.apiKey });
    expect(after.body).toMatchObject({ status: 'paid', remainingAmount: '0' });
    expect(after.body.paidBy.assetTotals).toEqual([
      expect.objectContaining({ type: 'svc.nzd.test', total: nzd('1250'), payerAccountId: payer.accountId }),
    ]);
    const replay = await pay(payer, pr.id, 'k1');
    expect(replay.body).toEqual(paid.body);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('3750');
    expect((await pay(payer, pr.id, 'k2')).body).toEqual(code('REQUEST_PAID'));
    expect(
      (await pay(payer, pr.id, 'k1', { assetType: 'svc.nzd.test', amount: '5', mode: 'multi-asset-payment' })).body,
    ).toEqual(code('IDEMPOTENT_OPERATION_FAILED'));
    const activities = await api('GET', `/api/payment-requests/${pr.id}/activities`, { key: merchant.owner.apiKey });
    expect(activities.body.items.map((a: { type: string }) => a.type)).toEqual(['paid', 'payment', 'request']);
  });

  it('refuses what it must: insufficient funds, wrong type, foreign asset, bad sources', async () => {
    const poor = await newPayer('10');
    const pr = await newPaymentRequest(merchant);
    expect((await pay(poor, pr.id, 'p1')).body).toEqual(code('INSUFFICIENT_ASSET_VALUE'));
    expect(await balance(poor.apiKey, poor.walletId)).toBe('10');
    expect((await pay(poor, pr.id, 'p2', { assetType: 'svc.nzd.main' })).body).toEqual(code('INVALID_ASSET_TYPE'));
    const rich = await newPayer('5000');
    const usingOthers = await api('POST', `/api/payment-requests/${pr.id}/pay`, {
      key: poor.apiKey,
      body: { assetType: 'svc.nzd.test', assetId: rich.walletId, idempotencyKey: 'steal' },
    });
    expect(usingOthers.body).toEqual(FORBIDDEN);
    expect(await balance(rich.apiKey, rich.walletId)).toBe('5000');
    const twoSources = await pay(poor, pr.id, 'p3', { transactionId: 'tx' });
    expect(twoSources.body).toEqual(code('exactly one of assetId, transactionId, authorization is required', 400));
    expect((await pay(rich, pr.id, 'p4', { mode: 'partial-payment', amount: '10' })).body.message).toBe(
      'mode partial-payment needs a request created with partialAllowed',
    );
  });

  it('takes partial and multi-asset payments', async () => {
    const payer = await newPayer('5000');
    const partial = await newPaymentRequest(merchant, {
      value: nzd('800'),
      partialAllowed: true,
      basketAmount: '1000',
    });
    expect((await pay(payer, partial.id, 'part', { mode: 'partial-payment', amount: '500' })).status).toBe(200);
    const afterPartial = await api('GET', `/api/payment-requests/${partial.id}`, { key: payer.apiKey });
    expect(afterPartial.body).toMatchObject({ status: 'paid', remainingAmount: '300', basketAmount: '1000' });

    const multi = await newPaymentRequest(merchant, { value: nzd('900') });
    expect((await pay(payer, multi.id, 'm1', { mode: 'multi-asset-payment', amount: '400' })).status).toBe(200);
    expect((await api('GET', `/api/payment-requests/${multi.id}`, { key: payer.apiKey })).body).toMatchObject({
      status: 'new',
      remainingAmount: '500',
    });
    expect((await pay(payer, multi.id, 'm2', { mode: 'multi-asset-payment', amount: '600' })).body.message).toBe(
      'amount must not exceed the remaining amount 500',
    );
    expect((await pay(payer, multi.id, 'm3', { mode: 'multi-asset-payment', amount: '500' })).status).toBe(200);
    expect((await api('GET', `/api/payment-requests/${multi.id}`, { key: payer.apiKey })).body).toMatchObject({
      status: 'paid',
      remainingAmount: '0',
    });
    expect(await balance(payer.apiKey, payer.walletId)).toBe(String(5000 - 500 - 900));
  });
});

describe('idempotency keys are each account’s own', () => {
  it(
    'two payers using the identical key for their own pays of one request each get their own payment; each ' +
      'replays only its own',
    async () => {
      const [first, second] = await Promise.all([newPayer('5000'), newPayer('5000')]);
      const pr = await newPaymentRequest(merchant, { value: nzd('1000') });
      const payPart = (payer: typeof first) =>
        pay(payer, pr.id, 'same-key', { mode: 'multi-asset-payment', amount: '400' });
      const a = await payPart(first);
      const b = await payPart(second);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(b.body.id).not.toBe(a.body.id);
      expect([await balance(first.apiKey, first.walletId), await balance(second.apiKey, second.walletId)]).toEqual([
        '4600',
        '4600',
      ]);
      const after = (await api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey })).body;
      expect(after.remainingAmount).toBe('200');
      expect(after.paidBy.assetTotals.map((t: { payerAccountId: string }) => t.payerAccountId).sort()).toEqual(
        [first.accountId, second.accountId].sort(),
      );
      expect((await payPart(second)).body).toEqual(b.body);
      expect((await payPart(first)).body).toEqual(a.body);
      expect(await balance(second.apiKey, second.walletId)).toBe('4600');
    },
  );
});

describe('cancel, void and expiry', () => {
  it('cancels an unpaid request; a cancelled request cannot be paid', async () => {
    const payer = await newPayer('5000');
    const pr = await newPaymentRequest(merchant);
    const cancelled = await api('POST', `/api/payment-requests/${pr.id}/cancel`, { key: merchant.owner.apiKey });
    expect(cancelled.body).toMatchObject({ type: 'cancellation', cancellationReason: 'CANCELLED_BY_MERCHANT' });
    expect((await pay(payer, pr.id, 'late')).body).toEqual(code('REQUEST_CANCELLED'));
    expect((await api('POST', `/api/payment-requests/${pr.id}/cancel`, { key: merchant.owner.apiKey })).body).toEqual(
      code('REQUEST_CANCELLED'),
    );
    const stranger = await newAccount();
    const other = await newPaymentRequest(merchant);
    expect((await api('POST', `/api/payment-requests/${other.id}/cancel`, { key: stranger.apiKey })).body).toEqual(
      FORBIDDEN,
    );
  });

  it('voids a paid request by refunding every payment, once, within 24 hours', async () => {
    const payer = await newPayer('5000');
    const pr = await newPaymentRequest(merchant, { value: nzd('700') });
    await pay(payer, pr.id, 'v1');
    expect(await balance(payer.apiKey, payer.walletId)).toBe('4300');
    const voided = await api('POST', `/api/payment-requests/${pr.id}/void`, { key: merchant.owner.apiKey });
    expect(voided.body).toMatchObject({ type: 'refund', value: nzd('700') });
    expect(voided.body.strategy.refunds).toEqual([expect.objectContaining({ assetId: payer.walletId, amount: '700' })]);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('5000');
    const after = await api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey });
    expect(after.body).toMatchObject({ status: 'cancelled', cancellationReason: 'CANCELLED_BY_MERCHANT' });
    expect((await api('POST', `/api/payment-requests/${pr.id}/void`, { key: merchant.owner.apiKey })).body).toEqual(
      code('ALREADY_REFUNDED'),
    );

    // Past the window on the merchant's test clock (a merchant of its own: the clock is per account).
    // Only a paid request outlives its expiry (at most 24 hours) to meet the window.
    const later = await newMerchant();
    const old = await newPaymentRequest(later);
    expect((await pay(payer, old.id, 'v-old')).status).toBe(200);
    await advanceClock(later.owner.accountId, 25 * HOUR);
    expect((await api('POST', `/api/payment-requests/${old.id}/void`, { key: later.owner.apiKey })).body).toEqual(
      code('VOID_WINDOW_EXCEEDED'),
    );
  });

  it('expires a request once its due time passes, on read and on write', async () => {
    const expiring = await newMerchant();
    const payer = await newPayer('5000');
    const pr = await newPaymentRequest(expiring);
    // A payer of another account: the request's expiry goes by the merchant's test clock.
    await advanceClock(expiring.owner.accountId, 121);
    expect((await pay(payer, pr.id, 'too-late')).body).toEqual(code('REQUEST_EXPIRED'));
    const read = await api('GET', `/api/payment-requests/${pr.id}`, { key: expiring.owner.apiKey });
    expect(read.body).toMatchObject({ status: 'expired' });
    const activities = await api('GET', `/api/payment-requests/${pr.id}/activities`, { key: expiring.owner.apiKey });
    expect(activities.body.items.map((a: { type: string }) => a.type)).toEqual(['expiry', 'request']);
    expect((await api('POST', `/api/payment-requests/${pr.id}/void`, { key: expiring.owner.apiKey })).body).toEqual(
      code('REQUEST_EXPIRED'),
    );
    expect(await balance(payer.apiKey, payer.walletId)).toBe('5000');
  });

  it('records the expiry activity from the timer without any read', async () => {
    const timed = await newMerchant();
    const pr = await newPaymentRequest(timed, { expirySeconds: 10 });
    const stored = async () =>
      (
        await db().send(
          new GetCommand({ TableName: process.env.TABLE_NAME, Key: paymentRequestKey(pr.id), ConsistentRead: true }),
        )
      ).Item?.status as string;
    // The clock passes the due time: the timer runs at once (its alarm), no read through the API.
    await advanceClock(timed.owner.accountId, 11);
    expect(await waitFor(stored, (status) => status === 'expired')).toBe('expired');
  });
});

describe('refunds', () => {
  it('refunds in parts, never more than was paid, idempotent by externalRef', async () => {
    const payer = await newPayer('5000');
    const pr = await newPaymentRequest(merchant, { value: nzd('1000') });
    const refund = (externalRef: string, amount: string) =>
      api('POST', `/api/payment-requests/${pr.id}/refund`, {
        key: merchant.owner.apiKey,
        body: { value: nzd(amount), externalRef },
      });
    expect((await refund('r0', '100')).body).toEqual(code('NOT_PAID'));
    await pay(payer, pr.id, 'r-pay');
    const first = await refund('r1', '300');
    expect(first.body).toMatchObject({ type: 'refund', value: nzd('300'), externalRef: 'r1' });
    expect(await balance(payer.apiKey, payer.walletId)).toBe('4300');
    expect((await refund('r1', '300')).body).toEqual(first.body);
    expect((await refund('r1', '301')).body).toEqual(code('REPEAT_REFERENCE'));
    expect((await refund('r2', '701')).body).toEqual(code('INVALID_AMOUNT'));
    expect((await refund('r2', '700')).status).toBe(200);
    expect((await refund('r3', '1')).body).toEqual(code('ALREADY_REFUNDED'));
    expect(await balance(payer.apiKey, payer.walletId)).toBe('5000');
    const withItems = await api('POST', `/api/payment-requests/${pr.id}/refund`, {
      key: merchant.owner.apiKey,
      body: { value: nzd('5'), externalRef: 'r4', lineItems: [{ name: 'x', qty: '1', price: '4' }] },
    });
    expect(withItems.body).toEqual(code('LINE_ITEMS_SUM_CHECK_FAILED', 400));
  });

  it(
    'a reference refunds once whoever repeats it: another account authorized on the merchant (the operator) gets ' +
      'the first refund for the same amount and REPEAT_REFERENCE for another, racing or not',
    async () => {
      const payer = await newPayer('1000');
      const pr = await newPaymentRequest(merchant, { value: nzd('1000') });
      await pay(payer, pr.id, 'r-pay');
      const refund = (key: string, externalRef: string, amount: string) =>
        api('POST', `/api/payment-requests/${pr.id}/refund`, { key, body: { value: nzd(amount), externalRef } });
      const operator = seed().operatorApiKey;
      const first = await refund(merchant.owner.apiKey, 'shared-1', '300');
      expect(first.status).toBe(200);
      const again = await refund(operator, 'shared-1', '300');
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect((await refund(operator, 'shared-1', '301')).body).toEqual(code('REPEAT_REFERENCE'));
      expect(await balance(payer.apiKey, payer.walletId)).toBe('300');

      const raced = await Promise.all([
        refund(merchant.owner.apiKey, 'shared-2', '200'),
        refund(operator, 'shared-2', '200'),
      ]);
      expect(raced.map((r) => r.status)).toEqual([200, 200]);
      expect(raced[1].body.id).toBe(raced[0].body.id);
      expect(await balance(payer.apiKey, payer.walletId)).toBe('500');
      const refunds = (await api('GET', `/api/payment-requests/${pr.id}/activities`, { key: operator })).body.items
        .filter((a: { type: string }) => a.type === 'refund')
        .map((a: { externalRef: string }) => a.externalRef);
      expect(refunds.sort()).toEqual(['shared-1', 'shared-2']);
    },
  );
});

/**
 * Money paid towards a request that never became `paid` (multi-asset payments short of its value) must not stay
 * with the merchant once the request ends without it: neither refund nor void takes a cancelled or expired request,
 * so a merchant cancel and the expiry give it back to the payer, in the transaction that ends the request.
 */
const activityTypes = async (key: string, id: string) =>
  (await api('GET', `/api/payment-requests/${id}/activities`, { key })).body.items.map((a: { type: string }) => a.type);

describe('a request ended with part of it paid', () => {
  /** A request of 1000 with a multi-asset payment of 400 towards it, ended by `end`: the 400 is back with the payer. */
  async function endedPartlyPaid(end: (merchant: MerchantSetup, id: string) => Promise<unknown>, ended: string) {
    const merchant = await newMerchant();
    const payer = await newPayer('1000');
    const pr = await newPaymentRequest(merchant, { value: nzd('1000'), expirySeconds: 120 });
    expect((await pay(payer, pr.id, 'part-1', { mode: 'multi-asset-payment', amount: '400' })).status).toBe(200);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('600');
    await end(merchant, pr.id);
    const after = await api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey });
    expect(after.body.status).toBe(ended);
    expect({
      payer: await balance(payer.apiKey, payer.walletId),
      settlement: await balance(merchant.owner.apiKey, merchant.settlementWalletId),
    }).toEqual({ payer: '1000', settlement: '0' });
    expect(await activityTypes(merchant.owner.apiKey, pr.id)).toEqual(
      expect.arrayContaining(['request', 'payment', 'refund', ended === 'expired' ? 'expiry' : 'cancellation']),
    );
    return { merchant, payer, pr };
  }

  it('a merchant cancel gives the part paid back to the payer', async () => {
    await endedPartlyPaid(async (merchant, id) => {
      const cancel = await api('POST', `/api/payment-requests/${id}/cancel`, { key: merchant.owner.apiKey });
      expect([cancel.status, cancel.body.type]).toEqual([200, 'cancellation']);
    }, 'cancelled');
  });

  it('expiry gives the part paid back to the payer', async () => {
    const { merchant, payer, pr } = await endedPartlyPaid(
      (merchant) => advanceClock(merchant.owner.accountId, 200),
      'expired',
    );
    // Given back once: neither a refund nor a void of the expired request moves anything more.
    const refund = await api('POST', `/api/payment-requests/${pr.id}/refund`, {
      key: merchant.owner.apiKey,
      body: { value: nzd('400'), externalRef: 'r1' },
    });
    const voided = await api('POST', `/api/payment-requests/${pr.id}/void`, { key: merchant.owner.apiKey });
    expect([refund.status, voided.status]).toEqual([403, 403]);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('1000');
  });
});
