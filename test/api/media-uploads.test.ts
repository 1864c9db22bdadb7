import { parseWrittenKeys, WRITTEN_KEYS_HEADER } from '../../functions/core/db/capacity';
import { api, FORBIDDEN, newAccount, seed, type ApiResponse, type TestAccount } from '../support/api';
import { CSV, JPEG, logoForm, mediaForm, PDF, PNG, TEXT } from '../support/media';

const written = (res: ApiResponse) =>
  parseWrittenKeys(res.headers.get(WRITTEN_KEYS_HEADER)).filter((k) => !k.PK.startsWith('RATELIMIT#'));
const refused = (code: string) => ({ statusCode: 403, error: 'Forbidden', message: code });

let owner: TestAccount;
beforeAll(async () => {
  owner = await newAccount();
});

async function upload(form: FormData, key = owner.apiKey) {
  return api('POST', '/api/media-uploads', { key, form });
}

async function download(
  id: string,
  key = owner.apiKey,
): Promise<{ bytes: Buffer; contentType: string | null; url: string }> {
  const location = await api('GET', `/api/media-uploads/${id}/location`, { key });
  expect(location.status).toBe(200);
  const res = await fetch(location.body.url);
  expect(res.status).toBe(200);
  return {
    bytes: Buffer.from(await res.arrayBuffer()),
    contentType: res.headers.get('content-type'),
    url: location.body.url,
  };
}

describe('media uploads', () => {
  it('round-trips a file through the presigned URL: the same bytes, served as the type its bytes show', async () => {
    const created = await upload(logoForm());
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ id: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{22}$/) });
    const got = await download(created.body.id);
    expect(got.bytes.equals(PNG)).toBe(true);
    expect(got.contentType).toBe('image/png');
    // Time-limited: a signed URL valid for five minutes.
    expect(new URL(got.url).searchParams.get('X-Amz-Expires')).toBe('300');
    expect(new URL(got.url).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    ['branding-logo', JPEG, 'logo.jpg', 'image/jpeg', 'image/jpeg'],
    ['business-onboarding', CSV, 'merchants.csv', 'text/csv', 'text/csv'],
    ['bank-statement', PDF, 'statement.pdf', 'application/pdf', 'application/pdf'],
    ['bank-statement', PNG, 'statement.png', 'image/png', 'image/png'],
    // No label at all: the bytes decide.
    ['bank-statement', PDF, 'statement', undefined, 'application/pdf'],
  ])('takes a %s upload: %#', async (purpose, bytes, filename, contentType, served) => {
    const created = await upload(mediaForm(purpose, bytes, { filename, contentType }));
    expect(created.status).toBe(200);
    const got = await download(created.body.id);
    expect(got.bytes.equals(bytes)).toBe(true);
    expect(got.contentType).toBe(served);
  });

  it.each([
    ['a PNG labelled as a PDF', 'bank-statement', PNG, 'statement.pdf', 'application/pdf'],
    ['a PNG named .pdf', 'bank-statement', PNG, 'statement.pdf', undefined],
    ['a text file labelled as an image', 'branding-logo', TEXT, 'logo.png', 'image/png'],
    ['a text file labelled as a JPEG', 'branding-logo', TEXT, 'logo.jpg', 'image/jpeg'],
    ['a PDF as a logo', 'branding-logo', PDF, 'logo.pdf', 'application/pdf'],
    ['a PNG as an onboarding CSV', 'business-onboarding', PNG, 'merchants.csv', 'text/csv'],
    ['an empty file', 'branding-logo', Buffer.alloc(0), 'logo.png', 'image/png'],
    [
      'binary bytes of no known type',
      'bank-statement',
      Buffer.from([0, 1, 2, 3, 250, 251]),
      'statement.pdf',
      'application/pdf',
    ],
  ])('refuses %s with FILE_TYPE_INVALID and writes nothing', async (_what, purpose, bytes, filename, contentType) => {
    const res = await upload(mediaForm(purpose, bytes, { filename, contentType }));
    expect(res.body).toEqual(refused('FILE_TYPE_INVALID'));
    expect(written(res)).toEqual([]);
  });

  it('refuses a file above its purpose limit with FILE_TOO_LARGE', async () => {
    const bigPng = Buffer.concat([PNG, Buffer.alloc(512 * 1024)]);
    const bigCsv = Buffer.from(`a,b\n${'x,y\n'.repeat(13 * 1024)}`);
    for (const [purpose, bytes, filename] of [
      ['branding-logo', bigPng, 'logo.png'],
      ['business-onboarding', bigCsv, 'm.csv'],
    ] as const) {
      const res = await upload(mediaForm(purpose, bytes, { filename }));
      expect(res.body).toEqual(refused('FILE_TOO_LARGE'));
      expect(written(res)).toEqual([]);
    }
    // Exactly at the limit is taken.
    const atLimit = Buffer.concat([PNG, Buffer.alloc(512 * 1024 - PNG.length)]);
    expect((await upload(mediaForm('branding-logo', atLimit, { filename: 'logo.png' }))).status).toBe(200);
  });

  it(
    'answers 400 naming the field for a form without a ' + 'purpose, with an unknown purpose or without a file',
    async () => {
      expect((await upload(mediaForm(undefined, PNG))).body).toMatchObject({
        statusCode: 400,
        message: 'purpose is required',
      });
      expect((await upload(mediaForm('selfie', PNG))).body).toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(/^purpose must be one of/),
      });
      expect((await upload(mediaForm('branding-logo', undefined))).body).toMatchObject({
        statusCode: 400,
        message: 'file is required',
      });
      const json = await api('POST', '/api/media-uploads', {
        key: owner.apiKey,
        body: { purpose: 'branding-logo', file: 'x' },
      });
      expect(json.status).toBe(415);
    },
  );

  it("refuses another account's upload exactly like a missing one, and writes nothing", async () => {
    const created = await upload(logoForm());
    const other = await newAccount();
    const foreign = await api('GET', `/api/media-uploads/${created.body.id}/location`, { key: other.apiKey });
    expect(foreign.body).toEqual(FORBIDDEN);
    expect(written(foreign)).toEqual([]);
    expect(
      (await api('GET', '/api/media-uploads/zzNoSuchId0000000000000/location', { key: other.apiKey })).body,
    ).toEqual(FORBIDDEN);
    // The operator reaches every account.
    expect(
      (await api('GET', `/api/media-uploads/${created.body.id}/location`, { key: seed().operatorApiKey })).status,
    ).toBe(200);
  });

  it('keeps uploads to account owners: a merchant terminal key may neither upload nor read', async () => {
    const created = await upload(logoForm());
    const terminal = await api('POST', `/api/accounts/${owner.accountId}/api-keys`, {
      key: owner.apiKey,
      body: { name: `t${Date.now()}`, role: 'merchant-terminal' },
    });
    const res = await upload(logoForm(), terminal.body.secret);
    expect(res.body).toEqual(FORBIDDEN);
    expect(written(res)).toEqual([]);
    expect(
      (await api('GET', `/api/media-uploads/${created.body.id}/location`, { key: terminal.body.secret })).body,
    ).toEqual(FORBIDDEN);
  });
});
