/** Docs page "Bank Account Approvals": src/content/api/bank-account-approvals.mdoc and its example exchanges. */
import { api, newAccount, seed, type ApiResponse, type TestAccount } from '../support/api';
import { bankStatement, newBankAccount } from '../support/bank';
import { approvedCode } from '../support/consent';
import { except, expectError, expectExchange, S, type ShapeObject } from './support';

// Bank accounts, uploads and the consent flow per test on a loaded machine: the 5 s default measures the machine, not
// the code.
jest.setTimeout(30_000);

const STAMPS = { createdAt: S, createdBy: S, modifiedAt: S, modifiedBy: S } as const;
const REQUESTED: ShapeObject = {
  id: S,
  mediaUploadId: S,
  bankAccountId: S,
  accountId: S,
  type: S,
  status: S,
  ...STAMPS,
};
const CONSENTED: ShapeObject = {
  id: S,
  bankAccountId: S,
  accountId: S,
  type: S,
  status: S,
  ...STAMPS,
  refreshToken: S,
  consentId: S,
};

let owner: TestAccount;
beforeAll(async () => {
  owner = await newAccount();
});

const operator = () => seed().operatorApiKey;

async function requested(): Promise<{ bankAccountId: string; response: ApiResponse }> {
  const bank = await newBankAccount(owner);
  const body = { mediaUploadId: await bankStatement(owner), bankAccountId: bank.id, type: 'settlement' };
  return {
    bankAccountId: bank.id,
    response: await api('POST', '/api/bank-account-approvals', { key: owner.apiKey, body }),
  };
}

/** An approved account-information consent: the get example's approval, made through a connection intent. */
async function consented(bankAccountId: string): Promise<string> {
  const body = { accountId: owner.accountId, type: 'enduring-payment-consent', bankAccountId, test: true };
  const intent = (await api('POST', '/api/bank-account-connection-intents', { key: owner.apiKey, body })).body;
  await api('POST', `/api/bank-account-connection-intents/${intent.id}/authorize`, {
    key: owner.apiKey,
    body: { code: await approvedCode(intent.authorizationUrl) },
  });
  const list = await api('GET', `/api/bank-accounts/${bankAccountId}/approvals`, { key: owner.apiKey });
  return list.body.items.find((a: { type: string }) => a.type === 'enduring-payment-consent').id;
}

describe('Bank Account Approvals: documented example exchanges', () => {
  it('POST /api/bank-account-approvals (settlement, with a media upload)', async () => {
    expectExchange((await requested()).response, REQUESTED);
  });

  it('GET /api/bank-account-approvals/{bankAccountApprovalId} (an approved consent)', async () => {
    const bank = await newBankAccount(owner);
    const id = await consented(bank.id);
    expectExchange(await api('GET', `/api/bank-account-approvals/${id}`, { key: owner.apiKey }), CONSENTED);
  });

  it('GET /api/bank-accounts/{bankAccountId}/approvals', async () => {
    const { bankAccountId, response } = await requested();
    await api('POST', `/api/bank-account-approvals/${response.body.id}/decline`, {
      key: operator(),
      body: { reason: 'No details match' },
    });
    await consented(bankAccountId);
    const res = await api('GET', `/api/bank-accounts/${bankAccountId}/approvals`, { key: owner.apiKey });
    expectExchange(res, {
      items: [
        except(CONSENTED, {
          refreshToken: 'only consents carry a third-party token; a settlement approval has none',
          consentId: 'likewise',
        }),
      ],
    });
    expectExchange({ ...res, body: res.body.items[0] }, CONSENTED);
  });

  it('POST /api/bank-account-approvals/{bankAccountApprovalId}/accept', async () => {
    const { response } = await requested();
    expectExchange(
      await api('POST', `/api/bank-account-approvals/${response.body.id}/accept`, {
        key: operator(),
        body: { reason: 'All details match' },
      }),
      {},
    );
  });

  it('POST /api/bank-account-approvals/{bankAccountApprovalId}/decline', async () => {
    const { response } = await requested();
    expectExchange(
      await api('POST', `/api/bank-account-approvals/${response.body.id}/decline`, {
        key: operator(),
        body: { reason: 'No details match' },
      }),
      {},
    );
  });
});

describe('Bank Account Approvals: documented errors', () => {
  it('request: APPROVAL_ALREADY_IN_PROGRESS', async () => {
    const { bankAccountId } = await requested();
    const again = await api('POST', '/api/bank-account-approvals', {
      key: owner.apiKey,
      body: { mediaUploadId: await bankStatement(owner), bankAccountId, type: 'settlement' },
    });
    expectError(again, 403, 'APPROVAL_ALREADY_IN_PROGRESS');
  });

  it.each(['accept', 'decline'])('%s: APPROVAL_ALREADY_REVIEWED', async (action) => {
    const { response } = await requested();
    await api('POST', `/api/bank-account-approvals/${response.body.id}/accept`, { key: operator(), body: {} });
    expectError(
      await api('POST', `/api/bank-account-approvals/${response.body.id}/${action}`, {
        key: operator(),
        body: { reason: 'again' },
      }),
      403,
      'APPROVAL_ALREADY_REVIEWED',
    );
  });
});
