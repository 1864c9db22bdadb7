/**
 * Docs page "Asset Activities": src/content/api/asset-activities.mdoc and its example exchanges (asset transactions,
 * asset activities).
 */
import { api, newAccount, type TestAccount } from '../support/api';
import { bankAccountOf, bankReports, newWallet, topUp, withdraw } from '../support/funds';
import { newMerchant, newPaymentRequest, nzd, pay } from '../support/payments';
import { except, expectError, expectExchange, expectShape, S, type ShapeObject } from './support';

jest.setTimeout(60_000);

const TRANSACTION: ShapeObject = {
  ref: S,
  type: S,
  kind: S,
  refType: S,
  assetId: S,
  srcParty: S,
  destParty: S,
  createdAt: S,
  createdBy: S,
  srcAssetId: S,
  destAssetId: S,
  amount: S,
  activityType: S,
  activityNumber: S,
};

/** Parties are shown on `transfer` transactions only (the model); see docs/conformance.md. */
const NO_PARTIES = {
  srcParty: 'no display parties are kept on ledger entries; a funds transfer shows its bank account as otherParty',
  destParty: 'no display parties are kept on ledger entries; a funds transfer shows its bank account as otherParty',
} as const;

let owner: TestAccount;
let wallet: string;
let bank: { id: string };
beforeAll(async () => {
  owner = await newAccount();
  wallet = await newWallet(owner);
  bank = await bankAccountOf(owner);
  // A top up in, a payment and a withdrawal out: the example's kinds of movement.
  const topup = (await topUp(owner, wallet, bank.id, '7600')).body;
  await bankReports(topup.id, 'settled');
  const merchant = await newMerchant();
  const request = await newPaymentRequest(merchant, { value: nzd('3000') });
  expect((await pay({ ...owner, walletId: wallet }, request.id, 'conformance-pay')).status).toBe(200);
  const out = (await withdraw(owner, wallet, bank.id, '1000')).body;
  await bankReports(out.id, 'settled');
});

describe('Asset Activities: documented example exchanges', () => {
  it('GET /api/assets/{assetId}/transactions', async () => {
    const res = await api('GET', `/api/assets/${wallet}/transactions`, { key: owner.apiKey });
    expectExchange(res, { items: [except(TRANSACTION, NO_PARTIES)] });
    expect(res.body.items.map((t: { kind: string; activityNumber: string }) => [t.kind, t.activityNumber])).toEqual([
      ['withdrawal', '3'],
      ['payment', '2'],
      ['topup', '1'],
    ]);
  });

  it('GET /api/asset-activities', async () => {
    const res = await api('GET', `/api/asset-activities?bankAccountId=${bank.id}`, { key: owner.apiKey });
    const shape = except({ ...TRANSACTION, accountId: S, bankAccountId: S }, NO_PARTIES);
    expectExchange(res, { items: [shape] });
    for (const item of res.body.items) expectShape(item, { ...shape, otherParty: S });
  });
});

describe('Asset Activities: other accounts', () => {
  it('keeps another account out of an asset and a bank account', async () => {
    const other = await newAccount();
    expectError(await api('GET', `/api/assets/${wallet}/transactions`, { key: other.apiKey }), 403, 'FORBIDDEN');
    expectError(
      await api('GET', `/api/asset-activities?bankAccountId=${bank.id}`, { key: other.apiKey }),
      403,
      'FORBIDDEN',
    );
  });
});
