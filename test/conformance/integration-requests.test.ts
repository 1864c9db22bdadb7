/** Docs page "Integration Requests": src/content/api/integration-requests.mdoc and its example exchanges. */
import { api, newAccount, seed, type TestAccount } from '../support/api';
import { waitFor } from '../support/clock';
import { newMerchant, type MerchantSetup } from '../support/payments';
import { ok } from '../support/value';
import { expectError, expectExchange, S, type ShapeObject } from './support';

// Several calls each on a machine the other suites load: the project's 30 s, which jest applies only globally.
jest.setTimeout(30_000);

const BASE: ShapeObject = {
  id: S,
  accountId: S,
  merchantId: S,
  type: S,
  status: S,
  createdAt: S,
  updatedAt: S,
  createdBy: S,
  updatedBy: S,
};
/** An epay request as the get, configure, activate and search examples show it. */
const EPAY: ShapeObject = { ...BASE, terminalId: S, product: { name: S } };

let merchant: MerchantSetup;
let integrator: TestAccount;
beforeAll(async () => {
  [merchant, integrator] = await Promise.all([newMerchant(), newAccount()]);
});

/** An epay request of the integrator for the merchant, its terminal id configured by the operator. */
async function configuredEpay(): Promise<string> {
  const created = await ok(
    api('POST', '/api/integration-requests', {
      key: integrator.apiKey,
      body: { merchantId: merchant.merchantId, type: 'epay', product: { name: 'koha-card' } },
    }),
  );
  await ok(
    api('PUT', `/api/integration-requests/${created.id}/configs`, {
      key: seed().operatorApiKey,
      body: { terminalId: '11000021' },
    }),
  );
  return created.id;
}

describe('Integration Requests: documented example exchanges', () => {
  it('POST /api/integration-requests', async () => {
    const res = await api('POST', '/api/integration-requests', {
      key: integrator.apiKey,
      body: {
        merchantId: merchant.merchantId,
        type: 'verifone',
        terminal: { terminalId: '002039390093939', deviceId: '002-039-390' },
      },
    });
    expectExchange(res, { ...BASE, terminal: { terminalId: S, deviceId: S } });
    expect(res.body.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
  });

  it('GET /api/integration-requests/{integrationRequestId}', async () => {
    const id = await configuredEpay();
    // notifiedAt appears once the notifications consumer submitted the request (docs/api/integrations.md).
    const res = await waitFor(
      () => api('GET', `/api/integration-requests/${id}`, { key: integrator.apiKey }),
      (r) => r.body.notifiedAt !== undefined,
    );
    expectExchange(res, { ...EPAY, notifiedAt: S });
  });

  it('GET /api/integration-requests (type, pending, accountId)', async () => {
    await configuredEpay();
    const res = await api('GET', `/api/integration-requests?type=epay&pending=true&accountId=${integrator.accountId}`, {
      key: integrator.apiKey,
    });
    expectExchange(res, { items: [EPAY] });
  });

  it('PUT /api/integration-requests/{integrationRequestId}/configs', async () => {
    const created = await ok(
      api('POST', '/api/integration-requests', {
        key: integrator.apiKey,
        body: { merchantId: merchant.merchantId, type: 'epay', product: { name: 'koha-card' } },
      }),
    );
    const res = await api('PUT', `/api/integration-requests/${created.id}/configs`, {
      key: seed().operatorApiKey,
      body: { terminalId: '11000021' },
    });
    expectExchange(res, EPAY);
  });

  it('GET /api/integration-requests/{integrationRequestId}/configs', async () => {
    const id = await configuredEpay();
    expectExchange(await api('GET', `/api/integration-requests/${id}/configs`, { key: integrator.apiKey }), {
      terminalId: S,
    });
  });

  it('POST /api/integration-requests/{integrationRequestId}/activate (by the merchant’s account)', async () => {
    const id = await configuredEpay();
    const res = await api('POST', `/api/integration-requests/${id}/activate`, { key: merchant.owner.apiKey });
    expectExchange(res, EPAY);
    expect(res.body.status).toBe('active');
  });

  it('DELETE /api/integration-requests/{integrationRequestId}', async () => {
    const id = await configuredEpay();
    const res = await api('DELETE', `/api/integration-requests/${id}`, { key: integrator.apiKey });
    expectExchange(res, {});
    expect(res.body).toEqual({});
  });
});

describe('Integration Requests: documented errors', () => {
  it('activate before the parameters are configured: 403 INTEGRATION_PARAM_MISSING', async () => {
    const created = await ok(
      api('POST', '/api/integration-requests', {
        key: integrator.apiKey,
        body: { merchantId: merchant.merchantId, type: 'epay' },
      }),
    );
    expectError(
      await api('POST', `/api/integration-requests/${created.id}/activate`, { key: merchant.owner.apiKey }),
      403,
      'INTEGRATION_PARAM_MISSING',
    );
  });

  it('activate an active request: 403 INTEGRATION_ALREADY_ACTIVATED', async () => {
    const id = await configuredEpay();
    await ok(api('POST', `/api/integration-requests/${id}/activate`, { key: merchant.owner.apiKey }));
    expectError(
      await api('POST', `/api/integration-requests/${id}/activate`, { key: merchant.owner.apiKey }),
      403,
      'INTEGRATION_ALREADY_ACTIVATED',
    );
  });
});
