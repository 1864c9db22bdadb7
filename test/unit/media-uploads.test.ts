import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { parseMultipartBody, type UploadedFile } from '../../functions/core/http/multipart';
import { detectType, labelsAgree } from '../../functions/media-uploads/file-types';
import { CSV, JPEG, PDF, PNG, TEXT } from '../support/media';

const BOUNDARY = '----boundary-with-text-and-json';

function event(
  parts: Buffer[],
  boundary = BOUNDARY,
): { event: APIGatewayProxyEventV2; headers: Record<string, string> } {
  const body = Buffer.concat([
    ...parts.flatMap((part) => [Buffer.from(`--${boundary}\r\n`), part, Buffer.from('\r\n')]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return {
    event: { body: body.toString('base64'), isBase64Encoded: true } as APIGatewayProxyEventV2,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const field = (name: string, value: string) =>
  Buffer.from(`Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`);
const file = (name: string, filename: string, contentType: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
  ]);

describe('multipart bodies', () => {
  it('parses text fields and files, keeping the bytes exact (a CRLF inside the file too)', () => {
    const bytes = Buffer.concat([PNG, Buffer.from('\r\n--not-the-boundary\r\n'), PNG]);
    const { event: e, headers } = event([
      field('purpose', 'branding-logo'),
      file('file', 'logo.png', 'image/PNG', bytes),
    ]);
    const form = parseMultipartBody(e, headers);
    expect(form.purpose).toBe('branding-logo');
    const uploaded = form.file as UploadedFile;
    expect({ ...uploaded, data: undefined }).toEqual({
      filename: 'logo.png',
      contentType: 'image/png',
      size: bytes.length,
      data: undefined,
    });
    expect(uploaded.data.equals(bytes)).toBe(true);
  });

  it('refuses another content type (415), a missing boundary and a malformed body (400)', () => {
    const { event: e } = event([field('purpose', 'x')]);
    expect(() => parseMultipartBody(e, { 'content-type': 'application/json' })).toThrow(
      expect.objectContaining({ statusCode: 415 }),
    );
    expect(() => parseMultipartBody(e, { 'content-type': 'multipart/form-data' })).toThrow(
      'multipart boundary is missing',
    );
    expect(() =>
      parseMultipartBody({ body: 'garbage', isBase64Encoded: false } as APIGatewayProxyEventV2, {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      }),
    ).toThrow('body is not valid multipart/form-data');
  });
});

describe('file types', () => {
  it('are decided from the bytes', () => {
    expect([PNG, JPEG, PDF, CSV, TEXT, Buffer.alloc(0), Buffer.from([0, 159, 146, 150])].map(detectType)).toEqual([
      'image/png',
      'image/jpeg',
      'application/pdf',
      'text/csv',
      'text/csv',
      undefined,
      undefined,
    ]);
  });

  it('take a label only when it agrees with the bytes', () => {
    expect(labelsAgree('image/png', { filename: 'logo.png', contentType: 'image/png' })).toBe(true);
    expect(labelsAgree('image/png', { filename: 'upload', contentType: 'application/octet-stream' })).toBe(true);
    expect(labelsAgree('image/png', { filename: 'statement.pdf' })).toBe(false);
    expect(labelsAgree('image/png', { contentType: 'application/pdf' })).toBe(false);
    expect(labelsAgree('text/csv', { filename: 'm.CSV', contentType: 'application/vnd.ms-excel' })).toBe(true);
    expect(labelsAgree('text/csv', { filename: 'logo.png', contentType: 'image/png' })).toBe(false);
  });
});
