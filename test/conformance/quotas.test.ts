/** Docs page "Quotas": src/content/api/quotas.mdoc and its example exchange (get account quotas). */
import { api } from '../support/api';
import { limitSpend, newMerchant, newPayer, newPaymentRequest, pay } from '../support/payments';
import { sendAsset, uniqueEmail } from '../support/value';
import { expectExchange, expectQuotaExceeded, QUOTA } from './support';

describe('Quotas: documented example exchanges', () => {
  it(
    'GET /api/accounts/{accountId}/quotas: spend and ' + 'top-up quotas, monthly and yearly, with their usage',
    async () => {
      const [payer, merchant] = await Promise.all([newPayer('5000'), newMerchant()]);
      expect((await pay(payer, (await newPaymentRequest(merchant)).id, 'k')).status).toBe(200);
      const res = await api('GET', `/api/accounts/${payer.accountId}/quotas`, { key: payer.apiKey });
      expectExchange(res, [QUOTA]);
      expect(res.body.map((q: { type: string; period: string }) => `${q.type} ${q.period}`)).toEqual([
        'spend monthly',
        'spend yearly',
        'topup monthly',
        'topup yearly',
      ]);
    },
  );
});

describe('Quotas: documented errors (raised by the actions that enforce quotas)', () => {
  it('a pay past the spend quota: 403 QUOTA_EXCEEDED carrying the exceeded quotas', async () => {
    const [payer, merchant] = await Promise.all([newPayer('5000'), newMerchant()]);
    await limitSpend(payer.accountId, '999');
    expectQuotaExceeded(await pay(payer, (await newPaymentRequest(merchant)).id, 'k'));
  });

  it(
    'an asset transfer past the spend quota: 403 QUOTA_EXCEEDED carrying the exceeded quotas (Asset Transfers ' +
      'page)',
    async () => {
      const sender = await newPayer('5000');
      await limitSpend(sender.accountId, '999');
      expectQuotaExceeded(
        await sendAsset(sender, { assetId: sender.walletId, value: '1000', recipientAlias: uniqueEmail() }),
      );
    },
  );
});
