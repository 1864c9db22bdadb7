import { BatchWriteCommand, PutCommand } from '../../functions/core/db/document';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { db } from '../../functions/core/db/client';
import { EntityShapeError } from '../../functions/core/db/entity';
import { merchantEntity } from '../../functions/merchants/entities';
import { merchantCreation } from '../../functions/merchants';
import { SEARCH_CAP } from '../../functions/merchants/search-merchants';
import { handler as merchantsHandler } from '../../functions/lambda/merchants';
import { api, FORBIDDEN, newAccount, type TestAccount } from '../support/api';

const createMerchant = (owner: TestAccount, body: Record<string, unknown> = {}) =>
  api('POST', '/api/merchants', {
    key: owner.apiKey,
    body: { accountId: owner.accountId, name: 'Corner Cafe', country: 'NZ', test: true, ...body },
  });

describe('merchants', () => {
  it('creates, reads, updates and lists merchants of an account', async () => {
    const owner = await newAccount();
    const created = await createMerchant(owner, {
      type: 'physical',
      categoryCode: '5812',
      location: { street: '1 Queen St', city: 'Auckland', country: 'NZ', lat: '-36.8485', lng: '174.7633' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      name: 'Corner Cafe',
      onboardingStatus: 'applied',
      test: true,
      accountId: owner.accountId,
      categoryCode: '5812',
    });
    expect(created.body.createdBy).toMatch(/^crn:/);
    const read = await api('GET', `/api/merchants/${created.body.id}`, { key: owner.apiKey });
    expect(read.body).toEqual(created.body);
    const updated = await api('PUT', `/api/merchants/${created.body.id}`, {
      key: owner.apiKey,
      body: { name: 'Corner Cafe & Bar' },
    });
    expect(updated.body).toMatchObject({ name: 'Corner Cafe & Bar', categoryCode: '5812' });
    const list = await api('GET', `/api/accounts/${owner.accountId}/merchants`, { key: owner.apiKey });
    expect(list.body.items.map((m: { id: string }) => m.id)).toEqual([created.body.id]);
    expect(list.body.nextPageKey).toBeUndefined();
    const deprecated = await api('GET', '/api/merchants', { key: owner.apiKey });
    expect(deprecated.body.items.map((m: { id: string }) => m.id)).toEqual([created.body.id]);
  });

  it('enforces the documented rules', async () => {
    const owner = await newAccount();
    expect((await createMerchant(owner, { test: false })).body.message).toBe('LIVENESS_MISMATCH');
    expect((await createMerchant(owner, { country: 'AU' })).body.message).toBe('ACCOUNT_REGION_MISMATCH');
    expect(
      (await createMerchant(owner, { settlementConfig: { bankAccountId: 'zzNoSuchResourcezzzzzz' } })).body.message,
    ).toBe('BANK_ACCOUNT_MISMATCH');
    expect((await createMerchant(owner, { type: 'e-commerce', location: { city: 'x' } })).body.message).toBe(
      'location is not allowed for e-commerce merchants',
    );
    expect((await createMerchant(owner, { name: undefined })).body.message).toBe('name is required');
    expect((await createMerchant(owner, { categoryCode: '58' })).body.message).toBe(
      'categoryCode has an invalid format',
    );
    const individual = await newAccount({ type: 'individual' });
    expect((await createMerchant(individual, {})).body).toEqual(FORBIDDEN); // merchants:create needs an org account
  });

  it("answers another account's merchant exactly like a missing one", async () => {
    const a = await newAccount();
    const b = await newAccount();
    const merchant = (await createMerchant(b)).body;
    const calls = [
      () => api('GET', `/api/merchants/${merchant.id}`, { key: a.apiKey }),
      () => api('PUT', `/api/merchants/${merchant.id}`, { key: a.apiKey, body: { name: 'x' } }),
      () =>
        api('POST', `/api/merchants/${merchant.id}/set-onboarding-status`, {
          key: a.apiKey,
          body: { onboardingStatus: 'provisioning' },
        }),
      () => api('POST', `/api/merchants/${merchant.id}/metadata`, { key: a.apiKey, body: { metadata: { a: '1' } } }),
      () => api('GET', `/api/accounts/${b.accountId}/merchants`, { key: a.apiKey }),
      () => createMerchant({ ...a, accountId: b.accountId }),
    ];
    for (const call of calls) expect((await call()).body).toEqual(FORBIDDEN);
    expect((await api('GET', '/api/merchants/noSuchMerchant0000000', { key: a.apiKey })).body).toEqual(FORBIDDEN);
    expect((await api('GET', `/api/merchants/${merchant.id}`, { key: b.apiKey })).body.name).toBe('Corner Cafe');
  });

  it('sets onboarding statuses with the allowed reasons and numbers the activities', async () => {
    const owner = await newAccount();
    const merchant = (await createMerchant(owner)).body;
    const set = (body: Record<string, unknown>) =>
      api('POST', `/api/merchants/${merchant.id}/set-onboarding-status`, { key: owner.apiKey, body });
    expect((await set({ onboardingStatus: 'on-hold' })).body.message).toBe(
      'onboardingStatusReason is required for on-hold',
    );
    expect((await set({ onboardingStatus: 'on-hold', onboardingStatusReason: 'duplicate' })).body.message).toBe(
      'onboardingStatusReason must be one of: seasonal-business-closure, incompatible-terminal, no-response',
    );
    expect((await set({ onboardingStatus: 'provisioning', onboardingStatusReason: 'duplicate' })).body.message).toBe(
      'onboardingStatusReason is not allowed for provisioning',
    );
    expect((await set({ onboardingStatus: 'paused' })).status).toBe(400);
    const held = await set({ onboardingStatus: 'on-hold', onboardingStatusReason: 'seasonal-business-closure' });
    expect(held.body).toMatchObject({
      type: 'set-onboarding-status',
      onboardingStatus: 'on-hold',
      onboardingStatusReason: 'seasonal-business-closure',
      merchantId: merchant.id,
      activityNumber: '1',
    });
    expect(
      (await set({ onboardingStatus: 'deactivated', onboardingStatusReason: 'svc-discontinued' })).body.activityNumber,
    ).toBe('2');
    const parallel = await Promise.all(Array.from({ length: 10 }, () => set({ onboardingStatus: 'provisioning' })));
    expect(parallel.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(parallel.map((r) => r.body.activityNumber)).size).toBe(10);
    const after = await api('GET', `/api/merchants/${merchant.id}`, { key: owner.apiKey });
    expect(after.body.onboardingStatus).toBe('provisioning');
    expect(after.body.onboardingStatusReason).toBeUndefined();
  });

  it('merges metadata, removes keys given empty strings and keeps at most 10 keys', async () => {
    const owner = await newAccount();
    const merchant = (await createMerchant(owner)).body;
    const put = (metadata: Record<string, string>) =>
      api('POST', `/api/merchants/${merchant.id}/metadata`, { key: owner.apiKey, body: { metadata } });
    expect((await put({ a: '1', b: '2' })).body.metadata).toEqual({ a: '1', b: '2' });
    expect((await put({ b: '', c: '3' })).body.metadata).toEqual({ a: '1', c: '3' });
    const many = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, 'v']));
    expect((await put(many)).body.message).toBe('metadata must have at most 10 keys');
    expect((await put({ 'bad key': 'x' })).status).toBe(400);
    expect((await put({ long: 'x'.repeat(257) })).status).toBe(400);
    const parallel = await Promise.all(Array.from({ length: 6 }, (_, i) => put({ [`p${i}`]: String(i) })));
    expect(parallel.every((r) => r.status === 200)).toBe(true);
    const final = await put({});
    expect(Object.keys(final.body.metadata).sort()).toEqual(['a', 'c', 'p0', 'p1', 'p2', 'p3', 'p4', 'p5']);
  });

  it('pages with authenticated page keys', async () => {
    const owner = await newAccount();
    const other = await newAccount();
    for (let i = 0; i < 7; i++) await createMerchant(owner, { name: `Shop ${i}` });
    await createMerchant(other);
    const page = (account: TestAccount, query: string) =>
      api('GET', `/api/accounts/${account.accountId}/merchants?${query}`, { key: account.apiKey });
    const first = await page(owner, 'paginationLimit=3');
    const second = await page(owner, `paginationLimit=3&pageKey=${encodeURIComponent(first.body.nextPageKey)}`);
    const third = await page(owner, `paginationLimit=3&pageKey=${encodeURIComponent(second.body.nextPageKey)}`);
    expect([first, second, third].map((p) => p.body.items.length)).toEqual([3, 3, 1]);
    expect(third.body.nextPageKey).toBeUndefined();
    const names = [first, second, third].flatMap((p) => p.body.items.map((m: { name: string }) => m.name));
    expect(new Set(names).size).toBe(7);
    const foreign = await page(other, `pageKey=${encodeURIComponent(first.body.nextPageKey)}`);
    expect(foreign.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'pageKey is invalid' });
    const tampered = first.body.nextPageKey.replace(/^./, (c: string) => (c === 'A' ? 'B' : 'A'));
    expect((await page(owner, `pageKey=${encodeURIComponent(tampered)}`)).body.message).toBe('pageKey is invalid');
    expect((await page(owner, 'paginationLimit=101')).body.message).toBe('paginationLimit must be <= 100');
    expect((await page(owner, 'paginationLimit=abc')).body.message).toBe('paginationLimit must be an integer');
  });

  it('searches merchants without a key: by name, by distance, by accepted asset', async () => {
    const owner = await newAccount();
    const unique = `Zq${Date.now()}`;
    const near = (
      await createMerchant(owner, {
        name: `${unique} Near`,
        location: { city: 'Wellington', country: 'NZ', lat: '-41.2865', lng: '174.7762' },
      })
    ).body;
    await createMerchant(owner, {
      name: `${unique} Far`,
      location: { city: 'Auckland', country: 'NZ', lat: '-36.8485', lng: '174.7633' },
    });
    const byName = await api('GET', `/api/merchants/search?test=true&name=${unique.toLowerCase()}`);
    expect(byName.status).toBe(200);
    expect(byName.body.totalItems).toBe(2);
    const nearby = await api('GET', `/api/merchants/search?test=true&name=${unique}&origin=-41.29,174.78&distance=10`);
    expect(nearby.body.items.map((m: { id: string }) => m.id)).toEqual([near.id]);
    await api('POST', `/api/merchants/${near.id}/configs`, {
      key: owner.apiKey,
      body: { paymentOptions: [{ type: 'svc.nzd.test' }] },
    });
    const byAsset = await api('GET', `/api/merchants/search?test=true&name=${unique}&asset=svc.nzd.test`);
    expect(byAsset.body.items).toEqual([
      expect.objectContaining({ id: near.id, acceptedAssets: [{ assetType: 'svc.nzd.test', products: [] }] }),
    ]);
    expect((await api('GET', '/api/merchants/search?distance=5')).body.message).toBe(
      'origin is required with distance',
    );
  });

  it(
    "finds an account's merchants however many other " + "accounts' merchants come first in the liveness partition",
    async () => {
      const owner = await newAccount();
      const mine = (await createMerchant(owner, { name: `Zz Last ${Date.now()}` })).body;
      // More merchants of another account than a search examines, all named to sort before this one.
      const crowd = Array.from(
        { length: SEARCH_CAP },
        (_, i) =>
          merchantCreation(
            { accountId: 'crowdAccount00000000000', name: `Aa Crowd ${i}`, country: 'NZ', test: true },
            'crn:test',
            new Date(),
          ).put.Item,
      );
      for (let i = 0; i < crowd.length; i += 25) {
        await db().send(
          new BatchWriteCommand({
            RequestItems: {
              [process.env.TABLE_NAME!]: crowd.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
            },
          }),
        );
      }
      const res = await api('GET', `/api/merchants/search?test=true&accountId=${owner.accountId}`);
      expect(res.body.items.map((m: { id: string }) => m.id)).toEqual([mine.id]);
    },
  );
});

describe('stored merchants', () => {
  const SERVER_ERROR = { statusCode: 500, error: 'Internal Server Error', message: 'SERVER_ERROR' };

  it(
    'reads an item of another shape as a typed error, answered 500 SERVER_ERROR with the error logged, never ' +
      'shown',
    async () => {
      const owner = await newAccount();
      const merchant = (await createMerchant(owner)).body;
      // Another entity's item where the merchant's should be (as a bug or a stray write could leave it).
      const foreign = {
        ...merchantEntity.key(merchant.id),
        entity: 'wallet-app',
        v: 1,
        id: merchant.id,
        accountId: owner.accountId,
        name: 'not a merchant',
      };
      await db().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item: foreign }));
      expect(() => merchantEntity.parse(foreign)).toThrow(EntityShapeError);

      const res = await api('GET', `/api/merchants/${merchant.id}`, { key: owner.apiKey });
      expect(res.status).toBe(500);
      expect(res.body).toEqual(SERVER_ERROR);

      // The same request through the group's Lambda in this worker: the error is logged, with its type.
      const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        const direct = (await merchantsHandler({
          version: '2.0',
          routeKey: 'GET /api/merchants/{merchantId}',
          rawPath: `/api/merchants/${merchant.id}`,
          rawQueryString: '',
          headers: { 'x-api-key': owner.apiKey },
          pathParameters: { merchantId: merchant.id },
          isBase64Encoded: false,
          requestContext: {
            requestId: 'entity-shape',
            http: { method: 'GET', path: `/api/merchants/${merchant.id}`, sourceIp: '192.0.2.10' },
          },
        } as unknown as APIGatewayProxyEventV2)) as APIGatewayProxyStructuredResultV2;
        expect(direct.statusCode).toBe(500);
        expect(JSON.parse(String(direct.body))).toEqual(SERVER_ERROR);
        expect(logged.mock.calls.map((call) => call.join(' ')).join('\n')).toMatch(
          /EntityShapeError[\s\S]*stored merchant: found entity wallet-app/,
        );
      } finally {
        logged.mockRestore();
      }
    },
  );
});
