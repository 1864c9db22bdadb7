/** Docs page "Media Uploads": src/content/api/media-uploads.mdoc and its example exchanges (multipart). */
import { api, newAccount, type TestAccount } from '../support/api';
import { CSV, mediaForm, PNG } from '../support/media';
import { expectError, expectExchange, S } from './support';

let owner: TestAccount;
beforeAll(async () => {
  owner = await newAccount();
});

const upload = (form: FormData) => api('POST', '/api/media-uploads', { key: owner.apiKey, form });

describe('Media Uploads: documented example exchanges', () => {
  it('POST /api/media-uploads: purpose branding-logo and a PNG file', async () => {
    expectExchange(await upload(mediaForm('branding-logo', PNG, { filename: 'file.png', contentType: 'image/png' })), {
      id: S,
    });
  });

  it('GET /api/media-uploads/{mediaUploadId}/location', async () => {
    const created = await upload(mediaForm('branding-logo', PNG, { filename: 'file.png', contentType: 'image/png' }));
    expectExchange(await api('GET', `/api/media-uploads/${created.body.id}/location`, { key: owner.apiKey }), {
      url: S,
    });
  });
});

describe('Media Uploads: documented errors', () => {
  it('a file of a type the purpose does not take: 403 FILE_TYPE_INVALID', async () => {
    expectError(
      await upload(mediaForm('branding-logo', CSV, { filename: 'logo.csv', contentType: 'text/csv' })),
      403,
      'FILE_TYPE_INVALID',
    );
  });

  it('a file above the purpose limit (512KB for a logo): 403 FILE_TOO_LARGE', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(512 * 1024)]);
    expectError(
      await upload(mediaForm('branding-logo', big, { filename: 'logo.png', contentType: 'image/png' })),
      403,
      'FILE_TOO_LARGE',
    );
  });
});
