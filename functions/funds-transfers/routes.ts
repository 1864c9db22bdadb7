import type { RouteSpec } from '../core/http/route';

/** The funds-transfers group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST', path: '/api/topups', operation: 'createTopup',
    permission: 'wallet-assets:deposit', authentication: 'apiKey', idempotency: 'header', body: 'CreateFundsTransferBody', response: 'Topup',
    summary: 'Top up a wallet asset by direct debit from a bank account of its account; credited once the bank settles and the bank account is verified',
  },
  {
    method: 'GET', path: '/api/topups/{topupId}', operation: 'getTopup',
    permission: 'topups:read', authentication: 'apiKey', response: 'Topup', summary: 'Get a top up',
  },
  {
    method: 'GET', path: '/api/topups', operation: 'listTopups',
    permission: 'topups:read', authentication: 'apiKey', response: 'FundsTransferList', summary: "The caller's account's top ups, newest first (at most 100)",
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}/topups', operation: 'listAccountTopups',
    permission: 'topups:read', authentication: 'apiKey', response: 'FundsTransferList', labels: ['experimental'],
    summary: "An account's top ups, newest first (at most 100)",
  },
  {
    method: 'POST', path: '/api/withdrawals', operation: 'createWithdrawal',
    permission: 'wallet-assets:withdraw', alsoNeeds: ['assets:spend'], authentication: 'apiKey', idempotency: 'header', body: 'CreateFundsTransferBody', response: 'Withdrawal',
    labels: ['experimental'], summary: 'Withdraw from a wallet asset to a bank account of its account; the amount is held until the bank settles',
  },
  {
    method: 'GET', path: '/api/withdrawals/{withdrawalId}', operation: 'getWithdrawal',
    permission: 'wallet-assets:withdraw', authentication: 'apiKey', response: 'Withdrawal', labels: ['experimental'], summary: 'Get a withdrawal',
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}/withdrawals', operation: 'listAccountWithdrawals',
    permission: 'wallet-assets:withdraw', authentication: 'apiKey', query: 'FundsTransfersQuery', response: 'FundsTransferPage',
    labels: ['experimental'], summary: "An account's withdrawals, newest first",
  },
  {
    method: 'POST', path: '/api/funds-transfers/{fundsTransferId}/abort', operation: 'abortFundsTransfer',
    permission: 'wallet-assets:deposit', authentication: 'apiKey', response: 'AbortResult',
    summary: 'Abort a top up the bank has not settled yet (withdrawals cannot be aborted)',
  },
  {
    method: 'POST', path: '/api/funds-transfers/{fundsTransferId}/bank-outcome', operation: 'reportBankOutcome',
    permission: 'bank-simulator:report', authentication: 'apiKey', body: 'BankOutcomeBody', response: 'FundsTransfer',
    summary: 'Make the simulated bank settle, fail or abort a test funds transfer now (platform operator)',
  },
  {
    method: 'GET', path: '/api/assets/{assetId}/transactions', operation: 'listAssetTransactions',
    permission: 'assets:read', authentication: 'apiKey', query: 'FundsTransfersQuery', response: 'AssetTransactionPage',
    labels: ['experimental'], summary: "A wallet asset's value movements from its ledger entries, newest first",
  },
  {
    method: 'GET', path: '/api/asset-activities', operation: 'listAssetActivities',
    permission: 'assets:read', authentication: 'apiKey', query: 'AssetActivitiesQuery', response: 'AssetTransactionPage',
    summary: "The value movements funds transfers made with a bank account, newest first",
  },
] as const satisfies readonly RouteSpec[];
