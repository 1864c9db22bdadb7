import type { RouteSpec } from '../core/http/route';

/** The accounts group's routes; functions/routes.ts assembles every group's into the route table. */
export const ROUTES = [
  {
    method: 'POST', path: '/api/accounts', operation: 'createAccount',
    permission: 'accounts:create', authentication: 'apiKey', body: 'CreateAccountBody', response: 'Account',
    summary: 'Create an account (org or individual) owned by the calling account; a signed-in user becomes its owner (others: INVITATION_REQUIRED)',
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}', operation: 'getAccount',
    permission: 'accounts:read', authentication: 'apiKey', response: 'Account', summary: 'Get an account',
  },
  {
    method: 'PUT', path: '/api/accounts/{accountId}', operation: 'updateAccount',
    permission: 'accounts:update', authentication: 'apiKey', body: 'UpdateAccountBody', response: 'Account',
    summary: 'Rename an account',
  },
  {
    method: 'PUT', path: '/api/accounts/{accountId}/subscriptions', operation: 'setSubscriptions',
    permission: 'accounts:manage-subscriptions', authentication: 'apiKey', body: 'SetSubscriptionsBody',
    impossibleId: { status: 403, code: 'INVALID_ACCOUNT_ID' },
    response: 'Subscriptions', summary: 'Set the subscriptions of an account (platform operator)',
  },
  {
    method: 'PUT', path: '/api/accounts/{accountId}/rate-limit', operation: 'setRateLimit',
    permission: 'accounts:manage-limits', authentication: 'apiKey', body: 'SetRateLimitBody', response: 'Account',
    summary: "Set an account's requests-per-minute limit (platform operator)",
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}/test-clock', operation: 'getTestClock',
    permission: 'accounts:read', authentication: 'apiKey', response: 'TestClock',
    summary: "Read a test account's test clock: its offset and the time its rules go by",
  },
  {
    method: 'POST', path: '/api/accounts/{accountId}/test-clock', operation: 'advanceTestClock',
    permission: 'accounts:manage-test-clock', authentication: 'apiKey', body: 'AdvanceTestClockBody', response: 'TestClock',
    summary: "Advance a test account's test clock and run what falls due (platform operator; live accounts: LIVENESS_MISMATCH)",
  },
  {
    method: 'POST', path: '/api/accounts/{accountId}/api-keys', operation: 'createApiKey',
    permission: 'api-keys:create', authentication: 'apiKey', body: 'CreateApiKeyBody', response: 'CreatedApiKey',
    summary: 'Create an API key; the secret is returned only here',
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}/api-keys', operation: 'listApiKeys',
    permission: 'api-keys:list', authentication: 'apiKey', response: 'ApiKeyList', summary: 'List API keys of an account',
  },
  {
    method: 'PUT', path: '/api/accounts/{accountId}/api-keys/{apiKeyName}', operation: 'updateApiKey',
    permission: 'api-keys:update', authentication: 'apiKey', body: 'UpdateApiKeyBody', response: 'ApiKey',
    summary: 'Enable or disable an API key',
  },
  {
    method: 'POST', path: '/api/accounts/{accountId}/members', operation: 'addMember',
    permission: 'memberships:update', authentication: 'apiKey', body: 'AddMemberBody', response: 'AccountMember',
    summary: "Change a member's role (the last owner stays: LAST_OWNER_NOT_REVOKABLE); users join by invitation (INVITATION_REQUIRED)",
  },
  {
    method: 'GET', path: '/api/accounts/{accountId}/members', operation: 'listMembers',
    permission: 'memberships:read', authentication: 'apiKey', response: 'AccountMemberList',
    summary: "List an account's members with their names and email (bare array, oldest first)",
  },
  {
    method: 'DELETE', path: '/api/accounts/{accountId}/members/{userId}', operation: 'removeMember',
    permission: 'memberships:delete', authentication: 'apiKey', response: 'MemberRemoved',
    summary: "Revoke a user's membership of an account (the last owner: LAST_OWNER_NOT_REVOKABLE), or, naming yourself, leave it",
  },
  {
    method: 'GET', path: '/api/account-memberships', operation: 'listOwnMemberships',
    permission: 'account-memberships:read', authentication: 'apiKey', response: 'MembershipSummaryList',
    summary: "The caller's memberships: a user's accounts, or an API key's own account and role",
  },
  {
    method: 'GET', path: '/api/users/{userId}/account-memberships', operation: 'listUserMemberships',
    permission: 'memberships:read', authentication: 'apiKey', response: 'MembershipSummaryList',
    impossibleId: 'badRequest',
    summary: "A user's memberships of the caller's accounts (all of them for the user themselves and the operator)",
  },
] as const satisfies readonly RouteSpec[];
