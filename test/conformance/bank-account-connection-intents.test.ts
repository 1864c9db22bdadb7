/**
 * Docs page "Bank Account Connection Intents": src/content/api/bank-account-connection-intents.mdoc and its example
 * exchanges.
 */
import { api, newAccount, type TestAccount } from '../support/api';
import { newBankAccount } from '../support/bank';
import { approvedCode } from '../support/consent';
import { B, expectError, expectExchange, S } from './support';

// Bank accounts, uploads and the consent flow per test on a loaded machine: the 5 s default measures the machine, not
// the code.
jest.setTimeout(30_000);

const INTENT = {
  id: S,
  accountId: S,
  type: S,
  status: S,
  createdAt: S,
  createdBy: S,
  updatedAt: S,
  updatedBy: S,
  authorizationUrl: S,
  test: B,
} as const;

let owner: TestAccount;
beforeAll(async () => {
  owner = await newAccount();
});

const create = (body: Record<string, unknown>, who: TestAccount = owner) =>
  api('POST', '/api/bank-account-connection-intents', { key: who.apiKey, body: { accountId: who.accountId, ...body } });

describe('Bank Account Connection Intents: documented example exchanges', () => {
  it('POST /api/bank-account-connection-intents (account-information-consent, test)', async () => {
    const res = await create({ type: 'account-information-consent', test: true });
    expectExchange(res, INTENT);
    // docs/api/conventions.md (timestamps) and the example: `<date> <time> UTC`.
    expect(res.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
  });

  it('POST /api/bank-account-connection-intents/{bankAccountConnectionIntentId}/authorize', async () => {
    const intent = (await create({ type: 'account-information-consent', test: true })).body;
    const code = await approvedCode(intent.authorizationUrl);
    expectExchange(
      await api('POST', `/api/bank-account-connection-intents/${intent.id}/authorize`, {
        key: owner.apiKey,
        body: { code },
      }),
      {},
    );
  });
});

describe('Bank Account Connection Intents: documented errors', () => {
  it('create: LIVENESS_MISMATCH (a test intent for a live bank account)', async () => {
    const live = await newAccount({ test: false });
    const bank = await newBankAccount(live, { test: false });
    expectError(
      await create({ type: 'enduring-payment-consent', bankAccountId: bank.id, test: true }, live),
      403,
      'LIVENESS_MISMATCH',
    );
  });

  it('authorize: AUTHORIZATION_PENDING (the user has not answered the consent page)', async () => {
    const intent = (await create({ type: 'account-information-consent', test: true })).body;
    expectError(
      await api('POST', `/api/bank-account-connection-intents/${intent.id}/authorize`, {
        key: owner.apiKey,
        body: { code: 'hKpKupTM391pE10xfQiorMxXarRKAHRhTfH_x' },
      }),
      403,
      'AUTHORIZATION_PENDING',
    );
  });
});
