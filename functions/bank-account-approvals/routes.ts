import type { RouteSpec } from '../core/http/route';

/** The bank-account-approvals group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST', path: '/api/bank-account-approvals', operation: 'createBankAccountApproval',
    permission: 'bank-account-approvals:create', authentication: 'apiKey', body: 'CreateBankAccountApprovalBody', response: 'BankAccountApproval',
    labels: ['experimental'], summary: 'Request a settlement approval of a bank account, with a bank statement as evidence',
  },
  {
    method: 'GET', path: '/api/bank-account-approvals/{bankAccountApprovalId}', operation: 'getBankAccountApproval',
    permission: 'bank-accounts:read', authentication: 'apiKey', response: 'BankAccountApproval', labels: ['experimental'], summary: 'Get a bank account approval',
  },
  {
    method: 'GET', path: '/api/bank-accounts/{bankAccountId}/approvals', operation: 'listBankAccountApprovals',
    permission: 'bank-accounts:read', authentication: 'apiKey', query: 'BankAccountApprovalsQuery', response: 'BankAccountApprovalPage',
    labels: ['experimental'], summary: "A bank account's approvals, newest first",
  },
  {
    method: 'POST', path: '/api/bank-account-approvals/{bankAccountApprovalId}/accept', operation: 'acceptBankAccountApproval',
    permission: 'bank-account-approvals:review', authentication: 'apiKey', body: 'AcceptBankAccountApprovalBody', response: 'BankAccountApprovalReviewed',
    labels: ['experimental'], summary: 'Platform operator: approve a bank account approval awaiting review',
  },
  {
    method: 'POST', path: '/api/bank-account-approvals/{bankAccountApprovalId}/decline', operation: 'declineBankAccountApproval',
    permission: 'bank-account-approvals:review', authentication: 'apiKey', body: 'DeclineBankAccountApprovalBody', response: 'BankAccountApprovalReviewed',
    labels: ['experimental'], summary: 'Platform operator: decline a bank account approval awaiting review, with a reason',
  },
  {
    method: 'POST', path: '/api/bank-account-connection-intents', operation: 'createConnectionIntent',
    permission: 'bank-account-requests:create', authentication: 'apiKey', body: 'CreateConnectionIntentBody', response: 'BankAccountConnectionIntent',
    labels: ['experimental'], summary: "Start a bank's consent flow (account information or enduring payments): answers the authorizationUrl",
  },
  {
    method: 'POST', path: '/api/bank-account-connection-intents/{bankAccountConnectionIntentId}/authorize', operation: 'authorizeConnectionIntent',
    permission: 'bank-account-requests:authorize', authentication: 'apiKey', body: 'AuthorizeConnectionIntentBody', response: 'ConnectionIntentAuthorized',
    labels: ['experimental'], summary: "Complete a connection intent with the code the bank's consent flow returned",
  },
  // The simulated bank's consent pages (docs/api/bank-accounts-and-approvals.md): public like any bank's
  // sign-in page; the answers need the HMAC token only the page carries (core/http/page.ts).
  {
    method: 'GET', path: '/bank-consent/{bankAccountConnectionIntentId}', operation: 'renderConsentPage',
    permission: null, authentication: 'none', contentType: 'text/html', summary: "Test bank: the consent page a connection intent's authorizationUrl opens",
  },
  {
    method: 'POST', path: '/bank-consent/{bankAccountConnectionIntentId}/approve', operation: 'approveConsent',
    permission: null, authentication: 'none', query: 'ConsentActionQuery', contentType: 'text/html',
    summary: 'Test bank: the user approves; back to the return page with a one-time code (303)',
  },
  {
    method: 'POST', path: '/bank-consent/{bankAccountConnectionIntentId}/decline', operation: 'declineConsent',
    permission: null, authentication: 'none', query: 'ConsentActionQuery', contentType: 'text/html',
    summary: 'Test bank: the user declines; the intent fails (303 to the return page)',
  },
  {
    method: 'GET', path: '/bank-consent/{bankAccountConnectionIntentId}/complete', operation: 'renderConsentReturn',
    permission: null, authentication: 'none', query: 'ConsentReturnQuery', contentType: 'text/html',
    summary: "Test bank: where the consent flow returns, with the code to authorize the intent",
  },
] as const satisfies readonly RouteSpec[];
