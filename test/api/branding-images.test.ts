import { randomBytes } from 'node:crypto';
import { api, newAccount, platformUrl, type TestAccount } from '../support/api';
import { newAssetProgram } from '../support/asset-programs';
import { CSV, JPEG, mediaForm, PDF, PNG, uploadLogo } from '../support/media';
import { newMerchant } from '../support/payments';
import { collectionManager, newCollection, newLoyaltyProgram, newToken, ok, written } from '../support/value';

/** A GET without any key, as a patron's browser or a wallet app fetches an image. */
async function fetchPublic(url: string) {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

const upload = async (owner: TestAccount, form: FormData): Promise<string> =>
  (await ok(api('POST', '/api/media-uploads', { key: owner.apiKey, form }))).id;

const walletId = () => `brand-${randomBytes(4).toString('hex')}`;

const newWallet = (owner: TestAccount, body: Record<string, unknown>) =>
  api('POST', '/api/wallets', {
    key: owner.apiKey,
    body: { id: walletId(), name: 'Brand App', accountId: owner.accountId, assetTypes: [{ id: 'svc.nzd' }], ...body },
  });

let issuer: TestAccount;
beforeAll(async () => {
  // A collection manager org account: it may make collections, tokens, programs and wallet apps.
  issuer = await collectionManager();
});

describe('branding images', () => {
  it('derives every documented image field from a branding-logo upload: one stable public URL', async () => {
    const logo = await uploadLogo(issuer);
    const img = `${platformUrl()}/media/${logo}`;

    const collection = await newCollection(issuer, { mediaUploadId: logo });
    expect(collection).toMatchObject({ mediaUploadId: logo, img });
    const listed = await ok(api('GET', `/api/accounts/${issuer.accountId}/collections`, { key: issuer.apiKey }));
    expect(listed.items.find((c: { id: string }) => c.id === collection.id)).toMatchObject({ img });
    // A token shows its collection's logo, as its own image and its issuer's.
    expect(await newToken(issuer, collection.id)).toMatchObject({ img, issuerImg: img });

    const program = await newLoyaltyProgram(issuer, { mediaUploadId: logo });
    expect(program).toMatchObject({ mediaUploadId: logo, img });
    expect(await ok(api('GET', `/api/loyalty-programs/${program.id}`, { key: issuer.apiKey }))).toMatchObject({ img });
    const programs = await ok(api('GET', `/api/accounts/${issuer.accountId}/loyalty-programs`, { key: issuer.apiKey }));
    expect(programs.items.find((p: { id: string }) => p.id === program.id)).toMatchObject({ img });

    const wallet = await ok(newWallet(issuer, { logoMediaUploadId: logo }));
    expect(wallet).toMatchObject({ logoMediaUploadId: logo, logoImg: img });
    // Merchants see the wallet apps that can pay them with the same logo.
    const merchant = await newMerchant();
    const supported = await ok(
      api('GET', `/api/merchants/${merchant.merchantId}/supported-wallets`, { key: merchant.owner.apiKey }),
    );
    expect(supported.find((w: { id: string }) => w.id === wallet.id)).toMatchObject({ logoImg: img });

    // An asset program takes the same upload (its documented fields show no image URL).
    expect(await newAssetProgram(issuer, { mediaUploadId: logo })).toMatchObject({ mediaUploadId: logo });

    // Records without a logo show no image.
    expect(await newCollection(issuer)).not.toHaveProperty('img');
    expect(await ok(newWallet(issuer, {}))).not.toHaveProperty('logoImg');
  });

  it.each([
    ['PNG', PNG, 'logo.png', 'image/png'],
    ['JPEG', JPEG, 'logo.jpg', 'image/jpeg'],
  ])(
    'serves a %s logo without authentication: its bytes, its type, cacheable for good',
    async (_, bytes, name, type) => {
      const logo = await upload(issuer, mediaForm('branding-logo', bytes, { filename: name, contentType: type }));
      const { img } = await newCollection(issuer, { mediaUploadId: logo });
      const res = await fetchPublic(img);
      expect(res.status).toBe(200);
      expect(res.bytes.equals(bytes)).toBe(true);
      expect(Object.fromEntries(res.headers)).toMatchObject({
        'content-type': type,
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      });
    },
  );

  it('keeps a logo at the public path the CDN serves on AWS; every other file stays under its account', async () => {
    const logo = await uploadLogo(issuer);
    const statement = await upload(issuer, mediaForm('bank-statement', PDF, { filename: 'statement.pdf' }));
    // Where the signed location reads each file from: the bucket's object.
    const stored = async (id: string) => {
      const { url } = await ok(api('GET', `/api/media-uploads/${id}/location`, { key: issuer.apiKey }));
      expect((await fetch(url)).status).toBe(200);
      return new URL(url).pathname;
    };
    // The CDN reads `/media/<id>` under the bucket's public prefix, which holds nothing but logos.
    expect(await stored(logo)).toMatch(new RegExp(`/public/media/${logo}$`));
    const other = await stored(statement);
    expect(other).toMatch(new RegExp(`/media/${issuer.accountId}/${statement}$`));
    expect(other).not.toMatch(/\/public\//);
  });

  it('answers 404, not cacheable, for any other upload, a missing one and an id that cannot be one', async () => {
    const others = await Promise.all([
      upload(issuer, mediaForm('bank-statement', PNG, { filename: 'statement.png' })),
      upload(issuer, mediaForm('bank-statement', PDF, { filename: 'statement.pdf' })),
      upload(issuer, mediaForm('business-onboarding', CSV, { filename: 'merchants.csv' })),
    ]);
    for (const id of [...others, 'zzNoSuchResourcezzzzzz', 'x'.repeat(300), 'not-an-id!']) {
      const res = await fetchPublic(`${platformUrl()}/media/${encodeURIComponent(id)}`);
      expect({ id, status: res.status, cache: res.headers.get('cache-control') }).toEqual({
        id,
        status: 404,
        cache: 'no-store',
      });
      expect(JSON.parse(res.bytes.toString())).toEqual({ statusCode: 404, error: 'Not Found', message: 'Not Found' });
    }
    // Those stay private behind their signed location: the owner still reads them.
    expect((await api('GET', `/api/media-uploads/${others[0]}/location`, { key: issuer.apiKey })).status).toBe(200);
  });

  it('refuses an SVG logo at upload (FILE_TYPE_INVALID): no uploaded file can carry script', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await api('POST', '/api/media-uploads', {
      key: issuer.apiKey,
      form: mediaForm('branding-logo', svg, { filename: 'logo.svg', contentType: 'image/svg+xml' }),
    });
    expect(res.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'FILE_TYPE_INVALID' });
    expect(written(res)).toEqual([]);
  });

  it("refuses another account's logo and another kind of upload: MEDIA_UPLOAD_INVALID, nothing written", async () => {
    const stranger = await newAccount();
    const [theirs, statement] = await Promise.all([
      uploadLogo(stranger),
      upload(issuer, mediaForm('bank-statement', PNG, { filename: 'statement.png' })),
    ]);
    const collection = await newCollection(issuer);
    const creates = [
      (id: string) =>
        api('POST', '/api/collections', {
          key: issuer.apiKey,
          body: { name: 'Bread', accountId: issuer.accountId, type: 'product', mediaUploadId: id },
        }),
      (id: string) =>
        api('POST', '/api/loyalty-programs', {
          key: issuer.apiKey,
          body: { name: 'Club', accountId: issuer.accountId, mediaUploadId: id },
        }),
      (id: string) => newWallet(issuer, { logoMediaUploadId: id }),
      (id: string) =>
        api('POST', '/api/asset-programs', {
          key: issuer.apiKey,
          body: {
            name: 'Fuel',
            accountId: issuer.accountId,
            assetTypes: ['svc.nzd.test'],
            collectionIds: [collection.id],
            termsOfServiceUrl: 'https://example.com/terms',
            privacyPolicyUrl: 'https://example.com/privacy',
            mediaUploadId: id,
          },
        }),
    ];
    for (const create of creates) {
      for (const id of [theirs, statement]) {
        const res = await create(id);
        expect(res.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'MEDIA_UPLOAD_INVALID' });
        expect(written(res)).toEqual([]);
      }
    }
  });
});
