/** Docs page "Accounts": src/content/api/accounts.mdoc and its example exchanges. */
import { api, newAccount, seed, type TestAccount } from '../support/api';
import { except, expectError, expectExchange, S, type Shape } from './support';

const ACCOUNT: Shape = {
  id: S,
  name: S,
  type: S,
  region: S,
  createdBy: S,
  createdAt: S,
  modifiedAt: S,
  modifiedBy: S,
  version: S,
  subscriptions: [],
};

const operator = () => seed().operatorApiKey;

describe('Accounts: documented example exchanges', () => {
  let owner: TestAccount;
  let created: string;
  beforeAll(async () => {
    // The example creates a live account: a test account may only create test accounts.
    owner = await newAccount({ test: false });
  });

  it('POST /api/accounts: an org named as documented, without region', async () => {
    const res = await api('POST', '/api/accounts', {
      key: owner.apiKey,
      body: { name: 'Centrapay Cafe', type: 'org' },
    });
    expectExchange(res, ACCOUNT);
    expect(res.body.region).toBe('NZ');
    created = res.body.id;
  });

  it('GET /api/accounts/{accountId}', async () => {
    expectExchange(await api('GET', `/api/accounts/${created}`, { key: owner.apiKey }), ACCOUNT);
  });

  it('PUT /api/accounts/{accountId}', async () => {
    const res = await api('PUT', `/api/accounts/${created}`, {
      key: owner.apiKey,
      body: { name: 'Shortland St Cafe' },
    });
    expectExchange(res, ACCOUNT);
    expect(res.body).toMatchObject({ name: 'Shortland St Cafe', version: '2' });
  });

  it('PUT /api/accounts/{accountId}/subscriptions (by the platform operator)', async () => {
    const res = await api('PUT', `/api/accounts/${created}/subscriptions`, {
      key: operator(),
      body: { subscriptions: ['quartz'] },
    });
    expectExchange(res, { subscriptions: [S] });
  });

  it('an individual account takes no region; the example shape less region', async () => {
    const res = await api('POST', '/api/accounts', { key: owner.apiKey, body: { name: 'Jo', type: 'individual' } });
    expectExchange(
      res,
      except(ACCOUNT, {
        region: 'individual accounts have no region (the page: "not allowed for individual Accounts")',
      }),
    );
  });
});

describe('Accounts: documented errors', () => {
  it('PUT …/subscriptions of an account that does not exist: 403 INVALID_ACCOUNT_ID', async () => {
    const res = await api('PUT', '/api/accounts/NoSuchAccount1234567890/subscriptions', {
      key: operator(),
      body: { subscriptions: ['quartz'] },
    });
    expectError(res, 403, 'INVALID_ACCOUNT_ID');
  });

  it('PUT …/subscriptions naming an unknown subscription: 403 INVALID_SUBSCRIPTION', async () => {
    const { accountId } = await newAccount();
    const res = await api('PUT', `/api/accounts/${accountId}/subscriptions`, {
      key: operator(),
      body: { subscriptions: ['quartz', 'no-such-thing'] },
    });
    expectError(res, 403, 'INVALID_SUBSCRIPTION');
  });
});
