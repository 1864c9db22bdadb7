/** Files of each kind media uploads tell apart by their bytes, and forms that upload them. */
import { api } from './api';

/** A 1×1 PNG (a complete, valid image). */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c63f8cfc0f01f0005000201' +
    'ab9a4f4b0000000049454e44ae426082',
  'hex',
);
/** The start of a JPEG (SOI and a JFIF APP0 marker). */
export const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64, 0x11),
  Buffer.from('ffd9', 'hex'),
]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const CSV = Buffer.from('merchantName,city\nMatrix Cafe,Auckland\n');
export const TEXT = Buffer.from('just some words, not an image\n');

export function mediaForm(
  purpose: string | undefined,
  file: Buffer | undefined,
  label: { filename?: string; contentType?: string } = {},
): FormData {
  const form = new FormData();
  if (purpose !== undefined) form.append('purpose', purpose);
  if (file)
    form.append(
      'file',
      new Blob([file], label.contentType ? { type: label.contentType } : {}),
      label.filename ?? 'upload',
    );
  return form;
}

/** A form the media-upload route accepts: a PNG logo. */
export const logoForm = () => mediaForm('branding-logo', PNG, { filename: 'logo.png', contentType: 'image/png' });

/** A branding-logo upload of the key's account: its id. */
export async function uploadLogo(account: { apiKey: string }): Promise<string> {
  const res = await api('POST', '/api/media-uploads', { key: account.apiKey, form: logoForm() });
  if (res.status !== 200) throw new Error(`logo upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}
