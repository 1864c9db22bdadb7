import { parseWrittenKeys, WRITTEN_KEYS_HEADER } from '../../functions/core/db/capacity';
import { api, newAccount, seed, type ApiResponse, type TestAccount, type Json } from './api';
import { nzd } from './payments';

/**
 * Fixtures for the value the platform issues and sends: token collections, redemption conditions,
 * tokens, asset transfers. Made through the API; the operator grants subscriptions.
 */

/** Items a call wrote besides the rate limiter's bookkeeping (the gateway reports them in tests). */
export const written = (res: ApiResponse) =>
  parseWrittenKeys(res.headers.get(WRITTEN_KEYS_HEADER)).filter((k) => !k.PK.startsWith('RATELIMIT#'));

export async function ok(res: Promise<ApiResponse> | ApiResponse, what = 'fixture'): Promise<Json> {
  const done = await res;
  if (done.status !== 200) throw new Error(`${what}: ${done.status} ${JSON.stringify(done.body)}`);
  return done.body;
}

/** Sets an account's subscriptions (the operator's call). */
export const subscribe = (accountId: string, subscriptions: string[]) =>
  ok(
    api('PUT', `/api/accounts/${accountId}/subscriptions`, { key: seed().operatorApiKey, body: { subscriptions } }),
    'subscriptions',
  );

/** A test org account subscribed to `collection-manager`: it may issue tokens. */
export async function collectionManager(options: { test?: boolean } = {}): Promise<TestAccount> {
  const account = await newAccount(options);
  await subscribe(account.accountId, ['collection-manager']);
  return account;
}

export const newCollection = (owner: TestAccount, body: Record<string, unknown> = {}) =>
  ok(
    api('POST', '/api/collections', {
      key: owner.apiKey,
      body: {
        name: 'Bread',
        accountId: owner.accountId,
        type: 'product',
        maxValue: nzd('1000'),
        tokenExpiresAfter: { period: 'month', duration: '1' },
        ...body,
      },
    }),
    'collection',
  );

export const newCondition = (
  owner: TestAccount,
  collectionId: string,
  merchantId: string,
  allowedProducts: unknown[],
) =>
  ok(
    api('POST', `/api/collections/${collectionId}/redemption-conditions`, {
      key: owner.apiKey,
      body: { merchantId, allowedProducts },
    }),
    'redemption condition',
  );

let counter = 0;
export const uniqueKey = (prefix = 'k') => `${prefix}-${Date.now().toString(36)}-${(++counter).toString(36)}`;

export const newToken = (issuer: TestAccount, collectionId: string, body: Record<string, unknown> = {}) =>
  ok(
    api('POST', '/api/tokens', {
      key: issuer.apiKey,
      body: { collectionId, idempotencyKey: uniqueKey('token'), ...body },
    }),
    'token',
  );

/** Records an alias as verified for an account (the operator's call, as user sign-in verification would). */
export const verifyAlias = (accountId: string, alias: string) =>
  ok(
    api('POST', `/api/accounts/${accountId}/verified-aliases`, { key: seed().operatorApiKey, body: { alias } }),
    'verified alias',
  );

export const sendAsset = (sender: TestAccount, body: Record<string, unknown>) =>
  api('POST', '/api/asset-transfers', { key: sender.apiKey, body });
export const claim = (claimant: TestAccount, transferId: string) =>
  api('POST', `/api/asset-transfers/${transferId}/claim`, { key: claimant.apiKey });
export const uniqueEmail = () => `${uniqueKey('r')}@example.com`;

export const newLoyaltyProgram = (owner: TestAccount, body: Record<string, unknown> = {}) =>
  ok(
    api('POST', '/api/loyalty-programs', {
      key: owner.apiKey,
      body: { name: 'Coffee Club', accountId: owner.accountId, ...body },
    }),
    'loyalty program',
  );
