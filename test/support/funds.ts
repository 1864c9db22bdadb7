import { api, seed, type ApiResponse, type TestAccount, type Json } from './api';
import { newBankAccount, statementCode } from './bank';

/**
 * Fixtures for funds transfers: wallets of an account, its bank accounts (verified with the code
 * the holder reads on the statement), top ups and withdrawals, and the simulated bank's reports
 * (the operator's call).
 */

export async function newWallet(owner: TestAccount, body: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', '/api/wallet-assets', {
    key: owner.apiKey,
    body: { accountId: owner.accountId, ledgerId: 'svc.nzd.test', ...body },
  });
  if (res.status !== 200) throw new Error(`wallet: ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export async function fund(owner: TestAccount, walletId: string, amount: string): Promise<void> {
  const res = await api('POST', `/api/wallet-assets/${walletId}/test-topups`, {
    key: owner.apiKey,
    body: { value: { currency: 'NZD', amount }, idempotencyKey: `fund-${walletId}-${amount}-${Math.random()}` },
  });
  if (res.status !== 200) throw new Error(`fund: ${JSON.stringify(res.body)}`);
}

/**
 * A centrapay bank account with a direct-debit authority, verified with its verification debit's code unless told not
 * to.
 */
export async function bankAccountOf(
  owner: TestAccount,
  options: { verified?: boolean; body?: Record<string, unknown> } = {},
): Promise<Json> {
  const account = await newBankAccount(owner, options.body);
  if (options.verified !== false) {
    const res = await api('POST', `/api/bank-accounts/${account.id}/verify`, {
      key: owner.apiKey,
      body: { verificationCode: await statementCode(account.bankAccountNumber) },
    });
    if (res.status !== 200) throw new Error(`verify: ${JSON.stringify(res.body)}`);
  }
  return account;
}

export const withdraw = (
  owner: TestAccount,
  assetId: string,
  bankAccountId: string,
  amount: string,
  headers: Record<string, string> = {},
) => api('POST', '/api/withdrawals', { key: owner.apiKey, body: { assetId, bankAccountId, amount }, headers });

export const topUp = (
  owner: TestAccount,
  assetId: string,
  bankAccountId: string,
  amount: string,
  headers: Record<string, string> = {},
) => api('POST', '/api/topups', { key: owner.apiKey, body: { assetId, bankAccountId, amount }, headers });

/** What the simulated bank reports about a transfer now (the platform operator's call). */
export const bankReports = (fundsTransferId: string, outcome: 'settled' | 'failed' | 'aborted'): Promise<ApiResponse> =>
  api('POST', `/api/funds-transfers/${fundsTransferId}/bank-outcome`, {
    key: seed().operatorApiKey,
    body: { outcome },
  });
