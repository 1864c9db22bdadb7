/** Docs page "Events": src/content/api/events.mdoc and its example exchange. */
import { api, newAccount } from '../support/api';
import { expectError, expectExchange, O, S } from './support';

describe('Events: documented example exchanges', () => {
  it('POST /api/accounts/{accountId}/events', async () => {
    const owner = await newAccount();
    const res = await api('POST', `/api/accounts/${owner.accountId}/events`, {
      key: owner.apiKey,
      body: {
        type: 'user-login',
        idempotencyKey: 'login-de32dd90-b46c-11ea-93c3-83a333b86e7b',
        data: { userId: 'b657195e-dc2f-11ea-8566-e7710d592c99-123' },
      },
    });
    expectExchange(res, { id: S, accountId: S, type: S, data: O, idempotencyKey: S, createdAt: S, createdBy: S });
    expect(res.body.data).toEqual({ userId: 'b657195e-dc2f-11ea-8566-e7710d592c99-123' });
  });
});

describe('Events: documented errors', () => {
  it('EVENT_ALREADY_EXISTS', async () => {
    const owner = await newAccount();
    const body = { type: 'user-login', idempotencyKey: 'login-once' };
    await api('POST', `/api/accounts/${owner.accountId}/events`, { key: owner.apiKey, body });
    expectError(
      await api('POST', `/api/accounts/${owner.accountId}/events`, { key: owner.apiKey, body }),
      403,
      'EVENT_ALREADY_EXISTS',
    );
  });
});
