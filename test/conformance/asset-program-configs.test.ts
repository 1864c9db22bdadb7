/** Docs page "Asset Program Configs": src/content/api/asset-program-configs.mdoc and its example exchanges. */
import { api, newAccount, type TestAccount, type Json } from '../support/api';
import { newAssetProgram, newMembership } from '../support/asset-programs';
import { collectionManager, ok } from '../support/value';
import { B, expectError, expectExchange, S, type ShapeObject } from './support';

const CONFIG: ShapeObject = {
  id: S,
  accountId: S,
  assetProgramId: S,
  assetProgramMembershipId: S,
  merchantId: S,
  enabled: B,
  status: S,
  test: B,
  createdAt: S,
  createdBy: S,
  updatedAt: S,
  updatedBy: S,
};

let issuer: TestAccount;
let member: TestAccount;
let program: Json;
let membership: Json;
beforeAll(async () => {
  [issuer, member] = await Promise.all([collectionManager(), newAccount()]);
  program = await newAssetProgram(issuer);
  membership = await newMembership(member, program.id, { accept: true });
  await ok(api('POST', `/api/asset-program-memberships/${membership.id}/approve`, { key: issuer.apiKey }));
}, 30_000);

const newMerchantOf = (owner: TestAccount) =>
  ok(
    api('POST', '/api/merchants', {
      key: owner.apiKey,
      body: { accountId: owner.accountId, name: 'Member Cafe', country: 'NZ', test: true },
    }),
  );
const createConfig = (membershipId: string, merchantId: string, key = member.apiKey) =>
  api('POST', `/api/asset-program-memberships/${membershipId}/asset-program-configs`, { key, body: { merchantId } });

describe('Asset Program Configs: documented example exchanges', () => {
  it('POST /api/asset-program-memberships/{id}/asset-program-configs', async () => {
    const res = await createConfig(membership.id, (await newMerchantOf(member)).id);
    expectExchange(res, CONFIG);
    expect({ enabled: res.body.enabled, status: res.body.status }).toEqual({ enabled: true, status: 'active' });
  });

  it('GET /api/asset-program-configs/{id}', async () => {
    const config = await ok(createConfig(membership.id, (await newMerchantOf(member)).id));
    expectExchange(await api('GET', `/api/asset-program-configs/${config.id}`, { key: member.apiKey }), CONFIG);
  });

  it(
    'GET /api/asset-programs/{id}/asset-program-configs and GET /api/accounts/{id}/asset-program-configs: a page ' +
      'and the next',
    async () => {
      for (let i = 0; i < 2; i++) await ok(createConfig(membership.id, (await newMerchantOf(member)).id));
      for (const [path, key] of [
        [`/api/asset-programs/${program.id}/asset-program-configs`, issuer.apiKey],
        [`/api/accounts/${member.accountId}/asset-program-configs`, member.apiKey],
      ]) {
        const first = await api('GET', `${path}?paginationLimit=1`, { key });
        expectExchange(first, { items: [CONFIG], nextPageKey: S });
        expectExchange(
          await api('GET', `${path}?paginationLimit=1&pageKey=${encodeURIComponent(first.body.nextPageKey)}`, { key }),
          { items: [CONFIG], nextPageKey: S },
        );
      }
    },
  );
});

describe('Asset Program Configs: documented errors', () => {
  it('a membership not yet approved: 403 ASSET_PROGRAM_MEMBERSHIP_NOT_APPROVED', async () => {
    const owner = await newAccount();
    const pending = await newMembership(owner, program.id, { accept: true });
    expectError(
      await createConfig(pending.id, (await newMerchantOf(owner)).id, owner.apiKey),
      403,
      'ASSET_PROGRAM_MEMBERSHIP_NOT_APPROVED',
    );
  });

  it('a merchant of another account: 403 MERCHANT_ACCOUNT_MISMATCH', async () => {
    expectError(
      await createConfig(membership.id, (await newMerchantOf(await newAccount())).id),
      403,
      'MERCHANT_ACCOUNT_MISMATCH',
    );
  });
});
