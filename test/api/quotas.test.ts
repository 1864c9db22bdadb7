import { GetCommand } from '../../functions/core/db/document';
import { db } from '../../functions/core/db/client';
import { api, FORBIDDEN, newAccount, seed, type ApiResponse, type TestAccount } from '../support/api';
import { advanceClock } from '../support/clock';
import {
  balance,
  newMerchant,
  newPayer,
  newPaymentRequest,
  nzd,
  pay,
  type MerchantSetup,
  type Payer,
} from '../support/payments';
import {
  collectionManager,
  newCollection,
  newToken,
  ok,
  sendAsset,
  uniqueEmail,
  uniqueKey,
  written,
} from '../support/value';

/**
 * Spend quotas: counted by the transfer engine in the spend's own transaction, read by GET
 * /api/accounts/{accountId}/quotas, set by the operator with PUT …/quota-limits.
 */
// Each test makes a dozen calls or more on a shared, loaded machine.
jest.setTimeout(30_000);

const ASSET_TYPE = 'svc.nzd.test';
const operator = () => seed().operatorApiKey;

const quotas = (account: TestAccount, key = account.apiKey) =>
  api('GET', `/api/accounts/${account.accountId}/quotas`, { key });
const setLimits = (account: TestAccount, limits: unknown[], key = operator()) =>
  api('PUT', `/api/accounts/${account.accountId}/quota-limits`, { key, body: { limits } });
const spendLimits = (monthly: string, yearly = '100000000') => [
  { type: 'spend', period: 'monthly', assetType: ASSET_TYPE, limit: monthly },
  { type: 'spend', period: 'yearly', assetType: ASSET_TYPE, limit: yearly },
];

/** The account's clock reading (its test clock). */
const clockOf = async (account: TestAccount) =>
  new Date((await ok(api('GET', `/api/accounts/${account.accountId}/test-clock`, { key: operator() }))).now as string);

/** The spend quotas of the account, by period. */
async function spend(
  account: TestAccount,
): Promise<Record<string, { limit: string; usage: string; interval: string }>> {
  const res = await quotas(account);
  expect(res.status).toBe(200);
  return Object.fromEntries(
    res.body.filter((q: { type: string }) => q.type === 'spend').map((q: { period: string }) => [q.period, q]),
  );
}

const exceeded = (...quotas: Record<string, string>[]) => ({ ...FORBIDDEN, message: 'QUOTA_EXCEEDED', quotas });
const spendQuota = (period: 'monthly' | 'yearly', interval: string, limit: string, usage: string) => ({
  limit,
  interval,
  period,
  usage,
  type: 'spend',
  assetType: ASSET_TYPE,
});
const month = (at: Date) => at.toISOString().slice(0, 7);
const year = (at: Date) => at.toISOString().slice(0, 4);

/** Pays a new request of `amount` from the payer's wallet. */
async function payNew(merchant: MerchantSetup, payer: Payer, amount: string): Promise<ApiResponse> {
  const pr = await newPaymentRequest(merchant, { value: nzd(amount) });
  return pay(payer, pr.id, uniqueKey('pay'));
}

/** A pay that kept losing races past the platform's retries answers 409: the client retries with its key. */
async function payOnce(payer: Payer, id: string, key: string): Promise<ApiResponse> {
  for (;;) {
    const res = await pay(payer, id, key);
    if (res.status !== 409) return res;
  }
}

let merchant: MerchantSetup;
beforeAll(async () => {
  merchant = await newMerchant();
});

describe('GET /api/accounts/{accountId}/quotas', () => {
  it(
    'answers spend and top-up quotas, monthly and yearly, of the money asset type of the account, with the ' +
      'defaults',
    async () => {
      const account = await newAccount();
      const now = await clockOf(account);
      const res = await quotas(account);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { limit: '5000000', interval: month(now), period: 'monthly', usage: '0', type: 'spend', assetType: ASSET_TYPE },
        { limit: '20000000', interval: year(now), period: 'yearly', usage: '0', type: 'spend', assetType: ASSET_TYPE },
        { limit: '5000000', interval: month(now), period: 'monthly', usage: '0', type: 'topup', assetType: ASSET_TYPE },
        { limit: '20000000', interval: year(now), period: 'yearly', usage: '0', type: 'topup', assetType: ASSET_TYPE },
      ]);
      const live = await newAccount({ test: false });
      expect((await quotas(live)).body.map((q: { assetType: string }) => q.assetType)).toEqual(
        Array(4).fill('svc.nzd.main'),
      );
    },
  );

  it('counts wallet pays as spend; test top-ups count against nothing', async () => {
    const payer = await newPayer('10000');
    expect((await payNew(merchant, payer, '1200')).status).toBe(200);
    const res = await quotas(payer);
    expect(res.body.map((q: { type: string; period: string; usage: string }) => [q.type, q.period, q.usage])).toEqual([
      ['spend', 'monthly', '1200'],
      ['spend', 'yearly', '1200'],
      ['topup', 'monthly', '0'],
      ['topup', 'yearly', '0'],
    ]);
  });

  it("another account's quotas answer FORBIDDEN, and so does a merchant terminal's key", async () => {
    const [account, other] = await Promise.all([newAccount(), newAccount()]);
    const foreign = await quotas(account, other.apiKey);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual(FORBIDDEN);
    const terminal = await ok(
      api('POST', `/api/accounts/${account.accountId}/api-keys`, {
        key: account.apiKey,
        body: { name: uniqueKey('t'), role: 'merchant-terminal' },
      }),
    );
    expect((await quotas(account, terminal.secret)).body).toEqual(FORBIDDEN);
  });
});

describe('PUT /api/accounts/{accountId}/quota-limits (platform operator)', () => {
  it(
    'replaces the account’s own limits and answers its ' + 'quotas under them; an empty list restores the defaults',
    async () => {
      const account = await newAccount();
      const res = await setLimits(account, [
        ...spendLimits('1000', '5000'),
        { type: 'topup', period: 'yearly', assetType: ASSET_TYPE, limit: '0' },
      ]);
      expect(res.status).toBe(200);
      expect(res.body.map((q: { type: string; period: string; limit: string }) => [q.type, q.period, q.limit])).toEqual(
        [
          ['spend', 'monthly', '1000'],
          ['spend', 'yearly', '5000'],
          ['topup', 'monthly', '5000000'],
          ['topup', 'yearly', '0'],
        ],
      );
      expect((await quotas(account)).body).toEqual(res.body);
      const reset = await setLimits(account, []);
      expect(reset.body.map((q: { limit: string }) => q.limit)).toEqual(['5000000', '20000000', '5000000', '20000000']);
    },
  );

  it('refuses an account owner (its own limits included) with nothing written', async () => {
    const account = await newAccount();
    const res = await setLimits(account, spendLimits('99999999'), account.apiKey);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(FORBIDDEN);
    expect(written(res)).toEqual([]);
    expect((await spend(account)).monthly.limit).toBe('5000000');
  });

  it(
    'refuses a limit of an asset type the account holds no wallets of, a repeated limit and a malformed one (400 ' +
      'naming the field)',
    async () => {
      const account = await newAccount();
      const cases: [unknown[], string][] = [
        [
          [{ type: 'spend', period: 'monthly', assetType: 'svc.nzd.main', limit: '1' }],
          'limits[0].assetType must be one of svc.nzd.test',
        ],
        [[...spendLimits('1'), spendLimits('2')[0]], 'limits[2] repeats the monthly spend limit of svc.nzd.test'],
      ];
      for (const [limits, message] of cases) {
        const res = await setLimits(account, limits);
        expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
        expect(written(res)).toEqual([]);
      }
      const malformed = await setLimits(account, [
        { type: 'spend', period: 'daily', assetType: ASSET_TYPE, limit: '1' },
      ]);
      expect(malformed.status).toBe(400);
      expect((await setLimits(account, [{ ...spendLimits('1')[0], limit: '-5' }])).status).toBe(400);
    },
  );
});

describe('QUOTA_EXCEEDED', () => {
  it(
    'a pay past the monthly limit: 403 with the quota it ' + 'would pass and the usage it would reach; nothing written',
    async () => {
      const payer = await newPayer('10000');
      await ok(setLimits(payer, spendLimits('1000')));
      expect((await payNew(merchant, payer, '700')).status).toBe(200);
      const pr = await newPaymentRequest(merchant, { value: nzd('400') });
      const res = await pay(payer, pr.id, uniqueKey('pay'));
      const now = await clockOf(payer);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(exceeded(spendQuota('monthly', month(now), '1000', '1100')));
      expect(written(res)).toEqual([]);
      expect(await balance(payer.apiKey, payer.walletId)).toBe('9300');
      expect((await api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey })).body.status).toBe(
        'new',
      );
      expect((await spend(payer)).monthly.usage).toBe('700');
      // What is left within the limit still pays.
      expect((await payNew(merchant, payer, '300')).status).toBe(200);
      expect((await spend(payer)).monthly.usage).toBe('1000');
    },
  );

  it('names every quota passed: monthly and yearly, and an amount above a limit on its own', async () => {
    const payer = await newPayer('10000');
    await ok(setLimits(payer, spendLimits('1000', '1000')));
    const now = await clockOf(payer);
    expect((await payNew(merchant, payer, '600')).status).toBe(200);
    const alone = await payNew(merchant, payer, '1500');
    expect(alone.body).toEqual(
      exceeded(spendQuota('monthly', month(now), '1000', '2100'), spendQuota('yearly', year(now), '1000', '2100')),
    );
    expect(written(alone)).toEqual([]);
    const both = await payNew(merchant, payer, '500');
    expect(both.body).toEqual(
      exceeded(spendQuota('monthly', month(now), '1000', '1100'), spendQuota('yearly', year(now), '1000', '1100')),
    );
    expect(await balance(payer.apiKey, payer.walletId)).toBe('9400');
  });

  it('the yearly limit is judged on the room left in the year, whatever room the month has', async () => {
    const payer = await newPayer('10000');
    await ok(setLimits(payer, spendLimits('5000', '1000')));
    const now = await clockOf(payer);
    expect((await payNew(merchant, payer, '600')).status).toBe(200);
    // 400 left in the year; 4,400 in the month.
    const pr = await newPaymentRequest(merchant, { value: nzd('500') });
    const res = await pay(payer, pr.id, uniqueKey('pay'));
    expect(res.status).toBe(403);
    expect(res.body).toEqual(exceeded(spendQuota('yearly', year(now), '1000', '1100')));
    expect(written(res)).toEqual([]);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('9400');
    expect((await api('GET', `/api/payment-requests/${pr.id}`, { key: merchant.owner.apiKey })).body.status).toBe(
      'new',
    );
    expect((await spend(payer)).yearly.usage).toBe('600');
    // Exactly the room left still pays.
    expect((await payNew(merchant, payer, '400')).status).toBe(200);
    expect((await spend(payer)).yearly.usage).toBe('1000');
  });

  it('a pay that both lacks the funds and passes the quota answers the funds rule', async () => {
    const payer = await newPayer('500');
    await ok(setLimits(payer, spendLimits('400')));
    expect((await payNew(merchant, payer, '600')).body.message).toBe('INSUFFICIENT_ASSET_VALUE');
    expect((await payNew(merchant, payer, '450')).body.message).toBe('QUOTA_EXCEEDED');
    expect((await spend(payer)).monthly.usage).toBe('0');
  });

  it('legacy requests.pay answers it too, with the quotas', async () => {
    const payer = await newPayer('10000');
    await ok(setLimits(payer, spendLimits('500')));
    const created = await ok(
      api('POST', '/payments/api/requests.create', {
        key: merchant.owner.apiKey,
        body: { merchantId: merchant.merchantId, amount: '600', asset: 'NZD' },
      }),
    );
    const res = await api('POST', '/payments/api/requests.pay', {
      key: payer.apiKey,
      body: { requestId: created.requestId, ledger: ASSET_TYPE, authorization: payer.walletId },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(exceeded(spendQuota('monthly', month(await clockOf(payer)), '500', '600')));
    expect(written(res)).toEqual([]);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('10000');
  });

  it(
    'money sent by an asset transfer counts when sent (a cancel gives nothing back); a token sent counts against ' +
      'nothing',
    async () => {
      const sender = await newPayer('10000');
      await ok(setLimits(sender, spendLimits('1000')));
      const sent = await ok(
        sendAsset(sender, { assetId: sender.walletId, value: '800', recipientAlias: uniqueEmail() }),
      );
      expect((await spend(sender)).monthly.usage).toBe('800');
      const res = await sendAsset(sender, { assetId: sender.walletId, value: '300', recipientAlias: uniqueEmail() });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(exceeded(spendQuota('monthly', month(await clockOf(sender)), '1000', '1100')));
      expect(written(res)).toEqual([]);
      await ok(api('POST', `/api/asset-transfers/${sent.id}/cancel`, { key: sender.apiKey }));
      expect((await spend(sender)).monthly.usage).toBe('800');

      const issuer = await collectionManager();
      const token = await newToken(issuer, (await newCollection(issuer)).id, { accountId: sender.accountId });
      expect((await sendAsset(sender, { assetId: token.id })).status).toBe(200);
      expect((await spend(sender)).monthly.usage).toBe('800');
    },
  );

  it('a refund gives no usage back', async () => {
    const payer = await newPayer('10000');
    const pr = await newPaymentRequest(merchant, { value: nzd('900') });
    expect((await pay(payer, pr.id, uniqueKey('pay'))).status).toBe(200);
    const refund = await api('POST', `/api/payment-requests/${pr.id}/refund`, {
      key: merchant.owner.apiKey,
      body: { value: nzd('900'), externalRef: uniqueKey('ref') },
    });
    expect(refund.status).toBe(200);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('10000');
    expect((await spend(payer)).monthly.usage).toBe('900');
  });

  it(
    'a new month on the account’s clock starts its monthly ' + 'usage from zero (the yearly one only in a new year)',
    async () => {
      const payer = await newPayer('10000');
      await ok(setLimits(payer, spendLimits('1000')));
      expect((await payNew(merchant, payer, '800')).status).toBe(200);
      expect((await payNew(merchant, payer, '300')).body.message).toBe('QUOTA_EXCEEDED');

      const before = await clockOf(payer);
      const secondOfNextMonth = Date.UTC(before.getUTCFullYear(), before.getUTCMonth() + 1, 2);
      await advanceClock(payer.accountId, (secondOfNextMonth - before.getTime()) / 1000);
      const after = await clockOf(payer);
      expect(month(after)).not.toBe(month(before));

      expect((await payNew(merchant, payer, '300')).status).toBe(200);
      const usage = await spend(payer);
      expect(usage.monthly).toMatchObject({ interval: month(after), usage: '300' });
      expect(usage.yearly).toMatchObject({
        interval: year(after),
        usage: year(after) === year(before) ? '1100' : '300',
      });
    },
  );
});

describe('concurrent spends', () => {
  it('12 concurrent pays of 300 against a monthly limit of 1,000 from a wallet holding enough for all: exactly 3 ' +
    'succeed', async () => {
    const payer = await newPayer('3600');
    await ok(setLimits(payer, spendLimits('1000')));
    const requests = await Promise.all(
      Array.from({ length: 12 }, () => newPaymentRequest(merchant, { value: nzd('300') })),
    );
    const results = await Promise.all(requests.map((r, i) => payOnce(payer, r.id, `race-${i}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.message).toBe('QUOTA_EXCEEDED');
    expect((await spend(payer)).monthly.usage).toBe('900');
    expect(await balance(payer.apiKey, payer.walletId)).toBe('2700');
  }, 60_000);
});

describe('where the spend counter is', () => {
  /** The spend attributes the wallet's base item holds (core/ledger/quotas.ts: the counter on the wallet). */
  const counterOn = async (walletId: string) => {
    const out = await db().send(
      new GetCommand({ TableName: process.env.TABLE_NAME, Key: { PK: `ASSET#${walletId}`, SK: 'ASSET' } }),
    );
    return Object.keys(out.Item ?? {})
      .filter((name) => name.startsWith('quotaSpend'))
      .sort();
  };
  const openWallet = async (payer: Payer, amount: string) => {
    const wallet = await ok(
      api('POST', '/api/wallet-assets', {
        key: payer.apiKey,
        body: { accountId: payer.accountId, ledgerId: ASSET_TYPE },
      }),
    );
    await ok(
      api('POST', `/api/wallet-assets/${wallet.id}/test-topups`, {
        key: payer.apiKey,
        body: { value: nzd(amount), idempotencyKey: uniqueKey('fund') },
      }),
    );
    return { ...payer, walletId: wallet.id as string };
  };
  const counterItems = (res: ApiResponse) => written(res).filter((key) => key.PK.startsWith('QUOTA#'));

  it(
    'the first wallet counts its spends on its own item; opening a second moves the usage to the counter items, ' +
      'and both wallets then count together there',
    async () => {
      const payer = await newPayer('10000');
      await ok(setLimits(payer, spendLimits('1000')));
      const first = await payNew(merchant, payer, '700');
      expect(first.status).toBe(200);
      expect(counterItems(first)).toEqual([]);
      const now = await clockOf(payer);
      const names = [`quotaSpend${year(now)}`, `quotaSpend${year(now)}m${month(now).slice(5)}`];
      expect(await counterOn(payer.walletId)).toEqual(['quotaSpend', ...names].sort());

      const second = await openWallet(payer, '5000');
      expect(await counterOn(payer.walletId)).toEqual([]);
      expect((await spend(payer)).monthly.usage).toBe('700');
      const fromSecond = await payNew(merchant, second, '200');
      expect(fromSecond.status).toBe(200);
      expect(counterItems(fromSecond)).toHaveLength(1);
      const fromFirst = await payNew(merchant, payer, '200');
      expect(fromFirst.body).toEqual(exceeded(spendQuota('monthly', month(now), '1000', '1100')));
      expect(written(fromFirst)).toEqual([]);
      expect(await spend(payer)).toMatchObject({ monthly: { usage: '900' }, yearly: { usage: '900' } });
      // A third wallet finds the counter already moved.
      const third = await openWallet(payer, '100');
      expect((await payNew(merchant, third, '100')).status).toBe(200);
      expect((await spend(payer)).monthly.usage).toBe('1000');
      expect(await counterOn(third.walletId)).toEqual([]);
    },
  );

  it('a new month leaves the wallet its own month and year and the previous ones, then drops the older', async () => {
    const payer = await newPayer('10000');
    const names = (at: Date) => [`quotaSpend${year(at)}`, `quotaSpend${year(at)}m${month(at).slice(5)}`];
    const nextMonth = async () => {
      const before = await clockOf(payer);
      const second = Date.UTC(before.getUTCFullYear(), before.getUTCMonth() + 1, 2);
      await advanceClock(payer.accountId, (second - before.getTime()) / 1000);
      expect((await payNew(merchant, payer, '100')).status).toBe(200);
      return [before, await clockOf(payer)];
    };
    expect((await payNew(merchant, payer, '100')).status).toBe(200);
    // A spend dated just before the month turned may commit after the first past it: it still finds its month.
    const kept = (...at: Date[]) => [...new Set(['quotaSpend', ...at.flatMap(names)])].sort();
    const [first, second] = await nextMonth();
    expect(await counterOn(payer.walletId)).toEqual(kept(first, second));
    // The first month's name is gone a month on (its year too, once the previous month is in the new one).
    const [, third] = await nextMonth();
    expect(await counterOn(payer.walletId)).toEqual(kept(second, third));
    expect((await spend(payer)).monthly.usage).toBe('100');
  });

  it('wallets opened at once on a new account (a settlement wallet among them): none keeps the counter', async () => {
    // Which open wins is the race's: three rounds of each pair.
    for (const settlement of [false, true, false, true, false, true]) {
      const account = await newAccount();
      const open = (body: Record<string, unknown>) =>
        ok(
          api('POST', '/api/wallet-assets', {
            key: account.apiKey,
            body: { accountId: account.accountId, ledgerId: ASSET_TYPE, ...body },
          }),
        );
      const wallets = await Promise.all([open({}), open({ settlement })]);
      for (const wallet of wallets) expect(await counterOn(wallet.id)).toEqual([]);
    }
  });

  it('pays racing the open of a second wallet: each counted once, wherever the counter is', async () => {
    const payer = await newPayer('10000');
    await ok(setLimits(payer, spendLimits('1000')));
    const requests = await Promise.all(
      Array.from({ length: 8 }, () => newPaymentRequest(merchant, { value: nzd('300') })),
    );
    const [results, second] = await Promise.all([
      Promise.all(requests.map((r, i) => payOnce(payer, r.id, `open-race-${i}`))),
      openWallet(payer, '1000'),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.message).toBe('QUOTA_EXCEEDED');
    expect(await counterOn(payer.walletId)).toEqual([]);
    expect((await spend(payer)).monthly.usage).toBe('900');
    expect((await payNew(merchant, second, '200')).body.message).toBe('QUOTA_EXCEEDED');
    expect((await payNew(merchant, second, '100')).status).toBe(200);
    expect(await balance(payer.apiKey, payer.walletId)).toBe('9100');
  }, 60_000);
});
