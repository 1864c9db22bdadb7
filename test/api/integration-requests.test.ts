import { GetCommand, PutCommand } from '../../functions/core/db/document';
import { db } from '../../functions/core/db/client';
import { adminJson, type Migrated } from '../support/admin';
import { api, FORBIDDEN, newAccount, seed, type Json, type TestAccount } from '../support/api';
import { waitFor } from '../support/clock';
import { newMerchant, nzd, type MerchantSetup } from '../support/payments';
import { ok, uniqueKey, written } from '../support/value';

// Several calls each on a machine the other suites load: the project's 30 s, which jest applies only globally.
jest.setTimeout(30_000);

const refused = (message: string) => ({ ...FORBIDDEN, message });
const operatorKey = () => seed().operatorApiKey;
const TERMINAL = { terminalId: '002039390093939', deviceId: '002-039-390' };

/** An account's merchant-terminal key (made by its owner). */
async function terminalKey(account: TestAccount): Promise<string> {
  const key = await ok(
    api('POST', `/api/accounts/${account.accountId}/api-keys`, {
      key: account.apiKey,
      body: { name: uniqueKey('till'), role: 'merchant-terminal' },
    }),
  );
  return key.secret;
}

const request = (caller: TestAccount, body: Record<string, unknown>) =>
  api('POST', '/api/integration-requests', { key: caller.apiKey, body });
const verifone = (merchant: MerchantSetup) => ({
  merchantId: merchant.merchantId,
  type: 'verifone',
  terminal: TERMINAL,
});
/** Every page of the operator's search of every account's requests (`query` without accountId). */
async function searched(query: string): Promise<Json[]> {
  const items: Json[] = [];
  let pageKey: string | undefined;
  do {
    const page = await ok(
      api('GET', `/api/integration-requests?${query}${pageKey ? `&pageKey=${pageKey}` : ''}`, { key: operatorKey() }),
    );
    items.push(...page.items);
    pageKey = page.nextPageKey;
  } while (pageKey);
  return items;
}

/** Rewrites a request as version 1 stored it: no entry in the pending queue (GSI2). */
async function storeAsVersion1(id: string) {
  const Key = { PK: `INTEGRATIONREQUEST#${id}`, SK: 'INTEGRATIONREQUEST' };
  const table = process.env.TABLE_NAME;
  const { Item } = await db().send(new GetCommand({ TableName: table, Key, ConsistentRead: true }));
  const { GSI2PK, GSI2SK, ...item } = Item as Record<string, unknown>;
  expect([GSI2PK, GSI2SK]).toEqual(['PENDINGINTEGRATIONREQUESTS', expect.stringContaining(id)]);
  await db().send(new PutCommand({ TableName: table, Item: { ...item, v: 1 } }));
}

const createPaymentRequest = (key: string, merchant: MerchantSetup) =>
  api('POST', '/api/payment-requests', { key, body: { configId: merchant.configId, value: nzd('250') } });

describe('integration requests', () => {
  let merchant: MerchantSetup;
  let integrator: TestAccount;
  let stranger: TestAccount;
  beforeAll(async () => {
    [merchant, integrator, stranger] = await Promise.all([newMerchant(), newAccount(), newAccount()]);
  });

  it(
    'creates a pending request of the caller for a merchant ' + 'of another account, read by either party only',
    async () => {
      const res = await request(integrator, { ...verifone(merchant), product: undefined });
      expect(res.body).toEqual({
        id: expect.any(String),
        accountId: integrator.accountId,
        merchantId: merchant.merchantId,
        type: 'verifone',
        status: 'pending',
        terminal: TERMINAL,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/),
        updatedAt: res.body.createdAt,
        createdBy: expect.stringMatching(`^crn:${integrator.accountId}:api-key:`),
        updatedBy: res.body.createdBy,
      });
      // The provider's email is sent off the call, then recorded (`notifiedAt`): read once it has been, so both
      // parties read the same record.
      const asIntegrator = await waitFor(
        () => api('GET', `/api/integration-requests/${res.body.id}`, { key: integrator.apiKey }),
        (read) => read.body.notifiedAt !== undefined,
      );
      expect(asIntegrator.body).toEqual({
        ...res.body,
        createdAt: expect.stringMatching(/Z$/),
        updatedAt: expect.stringMatching(/Z$/),
        notifiedAt: expect.stringMatching(/Z$/),
      });
      expect(Date.parse(asIntegrator.body.createdAt) - Date.parse(res.body.createdAt)).toBeLessThan(1000);
      expect(
        (await api('GET', `/api/integration-requests/${res.body.id}`, { key: merchant.owner.apiKey })).body,
      ).toEqual(asIntegrator.body);
      expect((await api('GET', `/api/integration-requests/${res.body.id}`, { key: stranger.apiKey })).body).toEqual(
        FORBIDDEN,
      );
    },
  );

  it(
    'takes what the type needs: a terminal for terminal vendors (not vista), externalId for shopify, product for ' +
      'epay',
    async () => {
      const bad = [
        [{ merchantId: merchant.merchantId, type: 'windcave' }, 'terminal is required for windcave'],
        [{ merchantId: merchant.merchantId, type: 'epay', terminal: TERMINAL }, 'terminal is not allowed for epay'],
        [
          { merchantId: merchant.merchantId, type: 'verifone', terminal: TERMINAL, product: { name: 'koha-card' } },
          'product is not allowed for verifone',
        ],
        [{ merchantId: merchant.merchantId, type: 'shopify' }, 'externalId is required for shopify'],
      ] as const;
      for (const [body, message] of bad) {
        const res = await request(integrator, body);
        expect({ status: res.status, message: res.body.message, written: written(res) }).toEqual({
          status: 400,
          message,
          written: [],
        });
      }
      expect((await request(integrator, { merchantId: merchant.merchantId, type: 'teller' })).status).toBe(400);
      expect((await request(integrator, { merchantId: merchant.merchantId, type: 'vista' })).body).toMatchObject({
        type: 'vista',
        status: 'pending',
      });
      expect(
        (await request(integrator, { merchantId: merchant.merchantId, type: 'shopify', externalId: 'shop-1' })).body,
      ).toMatchObject({ externalId: 'shop-1' });
      expect(
        (await request(integrator, { merchantId: merchant.merchantId, type: 'epay', product: { name: 'koha-card' } }))
          .body,
      ).toMatchObject({ product: { name: 'koha-card' } });
    },
  );

  it(
    'refuses a missing merchant (FORBIDDEN), a merchant of the other liveness (LIVENESS_MISMATCH), a non-org ' +
      'account',
    async () => {
      expect((await request(integrator, { ...verifone(merchant), merchantId: 'zzNoSuchMerchantzzzzzz' })).body).toEqual(
        FORBIDDEN,
      );
      const live = await newAccount({ test: false });
      const mismatch = await request(live, verifone(merchant));
      expect({ body: mismatch.body, written: written(mismatch) }).toEqual({
        body: refused('LIVENESS_MISMATCH'),
        written: [],
      });
      const individual = await newAccount({ type: 'individual' });
      expect((await request(individual, verifone(merchant))).body).toEqual(FORBIDDEN);
    },
  );

  it(
    'lists an account’s requests newest first, by type and pending only, paginated; another account’s list is ' +
      'FORBIDDEN',
    async () => {
      const lister = await newAccount();
      const epay = await ok(request(lister, { merchantId: merchant.merchantId, type: 'epay' }));
      const first = await ok(request(lister, verifone(merchant)));
      const second = await ok(request(lister, verifone(merchant)));
      await ok(api('POST', `/api/integration-requests/${second.id}/activate`, { key: merchant.owner.apiKey }));
      const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((item) => item.id);
      const all = await api('GET', '/api/integration-requests', { key: lister.apiKey });
      expect(ids(all)).toEqual([second.id, first.id, epay.id]);
      expect(all.body.items[0]).toMatchObject({ status: 'active', createdAt: expect.stringMatching(/Z$/) });
      expect(
        ids(
          await api('GET', `/api/integration-requests?accountId=${lister.accountId}&pending=true`, {
            key: lister.apiKey,
          }),
        ),
      ).toEqual([first.id, epay.id]);
      expect(
        ids(await api('GET', '/api/integration-requests?type=verifone&pending=true', { key: lister.apiKey })),
      ).toEqual([first.id]);
      const page1 = await api('GET', '/api/integration-requests?paginationLimit=2', { key: lister.apiKey });
      expect(ids(page1)).toEqual([second.id, first.id]);
      const page2 = await api(
        'GET',
        `/api/integration-requests?paginationLimit=2&pageKey=${encodeURIComponent(page1.body.nextPageKey)}`,
        { key: lister.apiKey },
      );
      expect(page2.body).toEqual({ items: [expect.objectContaining({ id: epay.id })] });
      expect(
        (await api('GET', `/api/integration-requests?accountId=${lister.accountId}`, { key: stranger.apiKey })).body,
      ).toEqual(FORBIDDEN);
      expect(
        (await api('GET', `/api/integration-requests?accountId=${lister.accountId}`, { key: operatorKey() })).body
          .items,
      ).toHaveLength(3);
    },
  );

  it('is configured by the operator only; an epay request needs its terminal id before activation', async () => {
    const created = await ok(
      request(integrator, { merchantId: merchant.merchantId, type: 'epay', product: { name: 'koha-card' } }),
    );
    const path = `/api/integration-requests/${created.id}`;
    expect((await api('GET', `${path}/configs`, { key: integrator.apiKey })).body).toEqual({});
    const missing = await api('POST', `${path}/activate`, { key: merchant.owner.apiKey });
    expect({ body: missing.body, written: written(missing) }).toEqual({
      body: refused('INTEGRATION_PARAM_MISSING'),
      written: [],
    });
    const byOwner = await api('PUT', `${path}/configs`, { key: integrator.apiKey, body: { terminalId: '11000021' } });
    expect({ body: byOwner.body, written: written(byOwner) }).toEqual({ body: FORBIDDEN, written: [] });
    const configured = await api('PUT', `${path}/configs`, { key: operatorKey(), body: { terminalId: '11000021' } });
    expect(configured.body).toMatchObject({
      id: created.id,
      status: 'pending',
      terminalId: '11000021',
      updatedBy: expect.stringMatching(/^crn:/),
    });
    expect((await api('GET', `${path}/configs`, { key: merchant.owner.apiKey })).body).toEqual({
      terminalId: '11000021',
    });
    expect((await api('GET', `${path}/configs`, { key: stranger.apiKey })).body).toEqual(FORBIDDEN);
    const active = await api('POST', `${path}/activate`, { key: merchant.owner.apiKey });
    expect(active.body).toMatchObject({
      id: created.id,
      status: 'active',
      terminalId: '11000021',
      product: { name: 'koha-card' },
    });
    const again = await api('POST', `${path}/activate`, { key: merchant.owner.apiKey });
    expect({ body: again.body, written: written(again) }).toEqual({
      body: refused('INTEGRATION_ALREADY_ACTIVATED'),
      written: [],
    });
  });

  it('is searched by the operator across accounts without accountId: pending ones only, newest first, by type; one ' +
    'activated or deleted leaves the search, one stored before the queue joins it by the migration', async () => {
    const [one, two] = await Promise.all([newAccount(), newAccount()]);
    const epay = { merchantId: merchant.merchantId, type: 'epay', product: { name: 'koha-card' } };
    const first = await ok(request(one, epay));
    const second = await ok(request(two, verifone(merchant)));
    const third = await ok(request(two, epay));
    const ids = (items: Json[]) => items.map((item) => item.id);
    const pending = await searched('pending=true&paginationLimit=100');
    expect(pending.every((item) => item.status === 'pending')).toBe(true);
    expect(ids(pending).filter((id) => [first.id, second.id, third.id].includes(id))).toEqual([
      third.id,
      second.id,
      first.id,
    ]);
    // Served as the request's own read serves it (the create answer's timestamps are of another form).
    expect(pending.find((item) => item.id === third.id)).toEqual(
      await ok(api('GET', `/api/integration-requests/${third.id}`, { key: two.apiKey })),
    );
    const epays = await searched('type=epay&pending=true');
    expect(epays.every((item) => item.type === 'epay')).toBe(true);
    expect(ids(epays)).toEqual(expect.arrayContaining([first.id, third.id]));
    expect(ids(epays)).not.toContain(second.id);

    // Searching every account's whole history is not offered: an account's is listed with its accountId.
    const everything = await api('GET', '/api/integration-requests', { key: operatorKey() });
    expect({ status: everything.status, message: everything.body.message, written: written(everything) }).toEqual({
      status: 400,
      message: expect.stringContaining('accountId'),
      written: [],
    });
    // An account's own key still lists its own requests, and no other's, without accountId.
    expect(ids((await ok(api('GET', '/api/integration-requests', { key: two.apiKey }))).items)).toEqual([
      third.id,
      second.id,
    ]);

    const path = `/api/integration-requests/${third.id}`;
    await ok(api('PUT', `${path}/configs`, { key: operatorKey(), body: { terminalId: '11000021' } }));
    expect(ids(await searched('type=epay&pending=true'))).toContain(third.id);
    await ok(api('POST', `${path}/activate`, { key: merchant.owner.apiKey }));
    await ok(api('DELETE', `/api/integration-requests/${first.id}`, { key: one.apiKey }));
    const left = ids(await searched('pending=true&paginationLimit=100'));
    expect([first.id, second.id, third.id].filter((id) => left.includes(id))).toEqual([second.id]);

    await storeAsVersion1(second.id);
    expect(ids(await searched('pending=true&paginationLimit=100'))).not.toContain(second.id);
    expect((await adminJson<Migrated>('migrate-integration-queue')).moved).toBeGreaterThanOrEqual(1);
    expect(ids(await searched('pending=true&paginationLimit=100'))).toContain(second.id);
    expect(await adminJson<Migrated>('migrate-integration-queue')).toEqual({ moved: 0, alreadyMoved: 0 });
  }, 60_000);

  it('is activated by the merchant’s account only: not by the requesting account, nor a third', async () => {
    const created = await ok(request(integrator, verifone(merchant)));
    for (const caller of [integrator, stranger]) {
      const res = await api('POST', `/api/integration-requests/${created.id}/activate`, { key: caller.apiKey });
      expect({ body: res.body, written: written(res) }).toEqual({ body: FORBIDDEN, written: [] });
    }
    expect((await api('GET', `/api/integration-requests/${created.id}`, { key: integrator.apiKey })).body.status).toBe(
      'pending',
    );
  });

  it(
    'lets the requesting account’s terminals create the ' + 'merchant’s payment requests while active, and only them',
    async () => {
      // An integrator of its own: no other test's active request names its account.
      const integrator = await newAccount();
      const [ownTerminal, strangerTerminal] = await Promise.all([terminalKey(integrator), terminalKey(stranger)]);
      const created = await ok(request(integrator, verifone(merchant)));
      expect((await createPaymentRequest(ownTerminal, merchant)).body).toEqual(FORBIDDEN);

      await ok(api('POST', `/api/integration-requests/${created.id}/activate`, { key: merchant.owner.apiKey }));
      const served = await createPaymentRequest(ownTerminal, merchant);
      expect(served.body).toMatchObject({ status: 'new', merchantId: merchant.merchantId, value: nzd('250') });
      const legacy = await api('POST', '/payments/api/requests.create', {
        key: ownTerminal,
        body: { merchantId: merchant.merchantId, asset: 'NZD', amount: '250' },
      });
      expect(legacy.status).toBe(200);
      // The grant is the terminal's: the requesting account's owner key and any other account's terminal stay out.
      expect((await createPaymentRequest(integrator.apiKey, merchant)).body).toEqual(FORBIDDEN);
      const foreign = await createPaymentRequest(strangerTerminal, merchant);
      expect({ body: foreign.body, written: written(foreign) }).toEqual({ body: FORBIDDEN, written: [] });

      const removal = await api('DELETE', `/api/integration-requests/${created.id}`, { key: stranger.apiKey });
      expect({ body: removal.body, written: written(removal) }).toEqual({ body: FORBIDDEN, written: [] });
      expect((await api('DELETE', `/api/integration-requests/${created.id}`, { key: integrator.apiKey })).body).toEqual(
        {},
      );
      const after = await createPaymentRequest(ownTerminal, merchant);
      expect({ body: after.body, written: written(after) }).toEqual({ body: FORBIDDEN, written: [] });
      expect((await api('GET', `/api/integration-requests/${created.id}`, { key: integrator.apiKey })).body).toEqual(
        FORBIDDEN,
      );
    },
  );

  it(
    'keeps the grant while another active request names the ' + 'merchant; the merchant’s side may withdraw one too',
    async () => {
      const integrator = await newAccount();
      const terminal = await terminalKey(integrator);
      const [a, b] = await Promise.all([
        ok(request(integrator, verifone(merchant))),
        ok(request(integrator, verifone(merchant))),
      ]);
      for (const { id } of [a, b])
        await ok(api('POST', `/api/integration-requests/${id}/activate`, { key: merchant.owner.apiKey }));
      expect((await api('DELETE', `/api/integration-requests/${a.id}`, { key: merchant.owner.apiKey })).body).toEqual(
        {},
      );
      expect((await createPaymentRequest(terminal, merchant)).status).toBe(200);
      expect((await api('DELETE', `/api/integration-requests/${b.id}`, { key: integrator.apiKey })).body).toEqual({});
      expect((await createPaymentRequest(terminal, merchant)).body).toEqual(FORBIDDEN);
    },
  );

  it('holds at most 200 requests per account ' +
    '(INTEGRATION_REQUEST_LIMIT_EXCEEDED); a deleted one frees its place', async () => {
    const busy = await newAccount();
    const made: string[] = [];
    for (let batch = 0; batch < 20; batch++) {
      made.push(
        ...(await Promise.all(
          Array.from(
            { length: 10 },
            async () => (await ok(request(busy, { merchantId: merchant.merchantId, type: 'vista' }))).id,
          ),
        )),
      );
    }
    const over = await request(busy, { merchantId: merchant.merchantId, type: 'vista' });
    expect({ body: over.body, written: written(over) }).toEqual({
      body: refused('INTEGRATION_REQUEST_LIMIT_EXCEEDED'),
      written: [],
    });
    await ok(api('DELETE', `/api/integration-requests/${made[0]}`, { key: busy.apiKey }));
    expect((await request(busy, { merchantId: merchant.merchantId, type: 'vista' })).status).toBe(200);
  }, 60_000);
});
