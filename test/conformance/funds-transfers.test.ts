/**
 * Docs page "Funds Transfers": src/content/api/funds-transfers.mdoc and its example exchanges (top ups, withdrawals,
 * abort).
 */
import { api, newAccount, seed, type TestAccount } from '../support/api';
import { newBankAccount } from '../support/bank';
import { bankAccountOf, bankReports, fund, newWallet, topUp, withdraw } from '../support/funds';
import { expectError, expectExchange, S, type ShapeObject } from './support';

jest.setTimeout(60_000);

const FUNDS_TRANSFER: ShapeObject = {
  id: S,
  assetId: S,
  bankAccountId: S,
  accountId: S,
  type: S,
  amount: S,
  status: S,
  createdAt: S,
  updatedAt: S,
};

let owner: TestAccount;
let wallet: string;
let bank: { id: string };
let topup: { id: string };
let withdrawal: { id: string };
beforeAll(async () => {
  owner = await newAccount();
  wallet = await newWallet(owner);
  await fund(owner, wallet, '100000');
  bank = await bankAccountOf(owner);
  topup = (await topUp(owner, wallet, bank.id, '10000')).body;
  withdrawal = (await withdraw(owner, wallet, bank.id, '10000')).body;
});

describe('Funds Transfers: documented example exchanges', () => {
  it('GET /api/topups/{topupId}', async () => {
    expectExchange(await api('GET', `/api/topups/${topup.id}`, { key: owner.apiKey }), FUNDS_TRANSFER);
  });

  it('GET /api/topups', async () => {
    expectExchange(await api('GET', '/api/topups', { key: owner.apiKey }), [FUNDS_TRANSFER]);
  });

  it('GET /api/accounts/{accountId}/topups', async () => {
    expectExchange(await api('GET', `/api/accounts/${owner.accountId}/topups`, { key: owner.apiKey }), [
      FUNDS_TRANSFER,
    ]);
  });

  it('POST /api/withdrawals', async () => {
    expectExchange(
      await api('POST', '/api/withdrawals', {
        key: owner.apiKey,
        body: { amount: '10000', assetId: wallet, bankAccountId: bank.id },
      }),
      FUNDS_TRANSFER,
    );
  });

  it('GET /api/withdrawals/{withdrawalId}', async () => {
    expectExchange(await api('GET', `/api/withdrawals/${withdrawal.id}`, { key: owner.apiKey }), FUNDS_TRANSFER);
  });

  it('GET /api/accounts/{accountId}/withdrawals', async () => {
    // The example lists a created and a done withdrawal.
    await bankReports(withdrawal.id, 'settled');
    const res = await api('GET', `/api/accounts/${owner.accountId}/withdrawals`, { key: owner.apiKey });
    expectExchange(res, { items: [FUNDS_TRANSFER] });
    expect(res.body.items.map((w: { status: string }) => w.status)).toEqual(
      expect.arrayContaining(['created', 'done']),
    );
  });

  it('POST /api/funds-transfers/{fundsTransferId}/abort', async () => {
    const fresh = (await topUp(owner, wallet, bank.id, '100')).body;
    const res = await api('POST', `/api/funds-transfers/${fresh.id}/abort`, { key: owner.apiKey });
    expectExchange(res, {});
    expect(res.body).toEqual({});
  });
});

describe('Funds Transfers: documented errors', () => {
  it(
    'create withdrawal: BANK_AUTHORITY_WALLET_MISMATCH, INSUFFICIENT_WALLET_BALANCE, INVALID_WALLET_TYPE, ' +
      'BANK_ACCOUNT_TYPE_NOT_CONFIGURED_FOR_WITHDRAWAL',
    async () => {
      const other = await newAccount();
      const othersBank = await bankAccountOf(other);
      const settlement = await newWallet(owner, { settlement: true });
      const quartz = await newBankAccount(owner, { type: 'quartz' });
      expectError(
        await api('POST', '/api/withdrawals', {
          key: seed().operatorApiKey,
          body: { amount: '100', assetId: wallet, bankAccountId: othersBank.id },
        }),
        403,
        'BANK_AUTHORITY_WALLET_MISMATCH',
      );
      expectError(await withdraw(owner, wallet, bank.id, '99999999'), 403, 'INSUFFICIENT_WALLET_BALANCE');
      expectError(await withdraw(owner, settlement, bank.id, '100'), 403, 'INVALID_WALLET_TYPE');
      expectError(
        await withdraw(owner, wallet, quartz.id, '100'),
        403,
        'BANK_ACCOUNT_TYPE_NOT_CONFIGURED_FOR_WITHDRAWAL',
      );
    },
  );

  it('abort: ABORT_WITHDRAWAL_NOT_SUPPORTED, FUNDS_TRANSFER_ALREADY_COMPLETE', async () => {
    expectError(
      await api('POST', `/api/funds-transfers/${withdrawal.id}/abort`, { key: owner.apiKey }),
      403,
      'ABORT_WITHDRAWAL_NOT_SUPPORTED',
    );
    const done = (await topUp(owner, wallet, bank.id, '100')).body;
    await bankReports(done.id, 'settled');
    expectError(
      await api('POST', `/api/funds-transfers/${done.id}/abort`, { key: owner.apiKey }),
      403,
      'FUNDS_TRANSFER_ALREADY_COMPLETE',
    );
  });
});
