import type { RouteSpec } from '../core/http/route';

/** The bank-accounts group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST', path: '/api/bank-accounts', operation: 'createBankAccount',
    permission: 'bank-accounts:create', authentication: 'apiKey', body: 'CreateBankAccountBody', response: 'BankAccount',
    summary: 'Register a bank account of an account, with or without a direct-debit authority',
  },
  {
    method: 'GET', path: '/api/bank-accounts/{bankAccountId}', operation: 'getBankAccount',
    permission: 'bank-accounts:read', authentication: 'apiKey', response: 'BankAccount', summary: 'Get a bank account',
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}/bank-accounts', operation: 'listBankAccounts',
    permission: 'bank-accounts:read', authentication: 'apiKey', response: 'BankAccountList', summary: "An account's bank accounts, oldest first",
  },
  {
    method: 'POST', path: '/api/bank-accounts/{bankAccountId}/direct-debit-authorities', operation: 'addDirectDebitAuthority',
    permission: 'bank-accounts:update', authentication: 'apiKey', body: 'DirectDebitAuthorityBody', response: 'BankAccount',
    summary: 'Authorize direct debits from a bank account (needed to top up from it)',
  },
  {
    method: 'POST', path: '/api/bank-accounts/{bankAccountId}/verify', operation: 'verifyBankAccount',
    permission: 'bank-accounts:update', authentication: 'apiKey', body: 'VerifyBankAccountBody', response: 'VerificationResult',
    summary: 'Verify a bank account with the 4-digit code of a recent platform-initiated bank transaction',
  },
  {
    method: 'POST', path: '/api/bank-accounts/{bankAccountId}/set-preferred-name', operation: 'setPreferredBankAccountName',
    permission: 'bank-accounts:update', authentication: 'apiKey', body: 'SetPreferredNameBody', response: 'BankAccountActivity',
    summary: 'Set the preferred name of a quartz bank account',
  },
  {
    method: 'POST', path: '/api/bank-accounts/{bankAccountId}/archive', operation: 'archiveBankAccount',
    permission: 'bank-accounts:update', authentication: 'apiKey', response: 'BankAccount', summary: 'Archive a quartz bank account',
  },
  {
    method: 'POST', path: '/api/bank-authorities', operation: 'createBankAuthority',
    permission: 'bank-accounts:create', authentication: 'apiKey', body: 'CreateBankAuthorityBody', response: 'BankAuthority', labels: ['deprecated'],
    summary: 'Register a bank account with a direct-debit authority (deprecated: POST /api/bank-accounts)',
  },
  {
    method: 'GET', path: '/api/bank-authorities/{bankAccountId}', operation: 'getBankAuthority',
    permission: 'bank-accounts:read', authentication: 'apiKey', response: 'BankAuthority', labels: ['deprecated'],
    summary: 'Get a bank account as a bank authority (deprecated: GET /api/bank-accounts/{bankAccountId})',
  },
  {
    method: 'GET', path: '/api/bank-authorities', operation: 'listBankAuthorities',
    permission: 'bank-accounts:read', authentication: 'apiKey', response: 'BankAuthorityList', labels: ['deprecated'],
    summary: "The caller's bank accounts as bank authority summaries (deprecated)",
  },
  {
    method: 'POST', path: '/api/bank-authorities/{bankAccountId}/verify', operation: 'verifyBankAuthority',
    permission: 'bank-accounts:update', authentication: 'apiKey', body: 'VerifyBankAccountBody', response: 'VerificationResult', labels: ['deprecated'],
    summary: 'Verify a bank authority (deprecated: POST /api/bank-accounts/{bankAccountId}/verify)',
  },
] as const satisfies readonly RouteSpec[];
