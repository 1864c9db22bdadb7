/** Docs page "Asset Programs": src/content/api/asset-programs.mdoc and its example exchanges. */
import { api, newAccount, type TestAccount, type Json } from '../support/api';
import { newAssetProgram, PROGRAM_URLS } from '../support/asset-programs';
import { logoForm } from '../support/media';
import { collectionManager, newCollection, ok } from '../support/value';
import { B, expectError, expectExchange, S, type ShapeObject } from './support';

const ASSET_PROGRAM: ShapeObject = {
  id: S,
  accountId: S,
  assetTypes: [S],
  createdAt: S,
  createdBy: S,
  mediaUploadId: S,
  name: S,
  privacyPolicyUrl: S,
  published: B,
  termsOfServiceUrl: S,
  test: B,
  updatedAt: S,
  updatedBy: S,
  collectionIds: [S],
};

let issuer: TestAccount;
let program: Json;
beforeAll(async () => {
  issuer = await collectionManager();
  const logo = await ok(api('POST', '/api/media-uploads', { key: issuer.apiKey, form: logoForm() }));
  program = await newAssetProgram(issuer, { mediaUploadId: logo.id, assetTypes: ['payap-debit'] });
}, 30_000);

describe('Asset Programs: documented example exchanges', () => {
  it('POST /api/asset-programs', async () => {
    const [collection, logo] = await Promise.all([
      newCollection(issuer),
      ok(api('POST', '/api/media-uploads', { key: issuer.apiKey, form: logoForm() })),
    ]);
    const res = await api('POST', '/api/asset-programs', {
      key: issuer.apiKey,
      body: {
        name: 'My Asset Program',
        assetTypes: ['payap-debit'],
        mediaUploadId: logo.id,
        accountId: issuer.accountId,
        ...PROGRAM_URLS,
        collectionIds: [collection.id],
      },
    });
    expectExchange(res, ASSET_PROGRAM);
    expect(res.body.published).toBe(true);
  });

  it('GET /api/asset-programs?test=true: a page and the next', async () => {
    await newAssetProgram(issuer, { mediaUploadId: program.mediaUploadId });
    const first = await api('GET', '/api/asset-programs?test=true&paginationLimit=1', { key: issuer.apiKey });
    expectExchange(first, { items: [ASSET_PROGRAM], nextPageKey: S });
    const next = await api(
      'GET',
      `/api/asset-programs?test=true&paginationLimit=1&pageKey=${encodeURIComponent(first.body.nextPageKey)}`,
      { key: issuer.apiKey },
    );
    expectExchange(next, { items: [ASSET_PROGRAM] });
  });

  it('GET /api/asset-programs/{id}', async () => {
    expectExchange(await api('GET', `/api/asset-programs/${program.id}`, { key: issuer.apiKey }), ASSET_PROGRAM);
  });

  it('POST /api/asset-programs/{id}/set-privacy-policy-url', async () => {
    const res = await api('POST', `/api/asset-programs/${program.id}/set-privacy-policy-url`, {
      key: issuer.apiKey,
      body: { privacyPolicyUrl: 'https://example.com/privacy-new' },
    });
    expectExchange(res, ASSET_PROGRAM);
    expect(res.body.privacyPolicyUrl).toBe('https://example.com/privacy-new');
  });

  it(
    'POST /api/asset-programs/{id}/terms-of-service (the example path; the page heading names ' +
      '/set-terms-of-service-url, served too)',
    async () => {
      for (const path of ['terms-of-service', 'set-terms-of-service-url']) {
        const res = await api('POST', `/api/asset-programs/${program.id}/${path}`, {
          key: issuer.apiKey,
          body: { termsOfServiceUrl: `https://example.com/terms-new-${path}` },
        });
        expectExchange(res, ASSET_PROGRAM);
        expect(res.body.termsOfServiceUrl).toBe(`https://example.com/terms-new-${path}`);
      }
    },
  );
});

describe('Asset Programs: documented errors', () => {
  const body = (accountId: string, extra: Record<string, unknown> = {}) => ({
    name: 'My Asset Program',
    assetTypes: ['payap-debit'],
    accountId,
    ...PROGRAM_URLS,
    collectionIds: [],
    ...extra,
  });

  it('an account not of type org: 403 ACCOUNT_TYPE_INVALID', async () => {
    const individual = await newAccount({ type: 'individual' });
    expectError(
      await api('POST', '/api/asset-programs', { key: individual.apiKey, body: body(individual.accountId) }),
      403,
      'ACCOUNT_TYPE_INVALID',
    );
  });

  it('a media upload id that references no media upload of the account: 403 MEDIA_UPLOAD_INVALID', async () => {
    expectError(
      await api('POST', '/api/asset-programs', {
        key: issuer.apiKey,
        body: body(issuer.accountId, { mediaUploadId: '8aoMfscvtuewsuJzmzBzAs' }),
      }),
      403,
      'MEDIA_UPLOAD_INVALID',
    );
  });

  it('a collection id that is not a collection of the account: 403 COLLECTION_IDS_INVALID', async () => {
    expectError(
      await api('POST', '/api/asset-programs', {
        key: issuer.apiKey,
        body: body(issuer.accountId, { collectionIds: ['c_Xv99zBzkgfoDS7bBLs5zpd'] }),
      }),
      403,
      'COLLECTION_IDS_INVALID',
    );
  });
});
