import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { badRequest, PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors/classes';

/**
 * multipart/form-data bodies (RFC 7578): text fields become strings, file parts become
 * `UploadedFile`s, so the route's schema validates `{field: string, file: {filename, contentType,
 * size}}` and the operation reads the bytes. What a client says a file is (its filename and
 * content type) is only a label: operations decide a file's type from its bytes.
 */
export interface UploadedFile {
  /** The part's filename, as the client labelled it. */
  filename?: string;
  /** The part's Content-Type, as the client labelled it. */
  contentType?: string;
  size: number;
  data: Buffer;
}

/** Largest multipart body taken: above the largest upload any purpose accepts, within Lambda's 6 MB event. */
const MAX_MULTIPART_BYTES = 4 * 1024 * 1024;
const MAX_PARTS = 16;
const MAX_FIELD_BYTES = 8 * 1024;

export function parseMultipartBody(
  event: APIGatewayProxyEventV2,
  headers: Record<string, string | undefined>,
): Record<string, string | UploadedFile> {
  const contentType = headers['content-type'] ?? '';
  if (contentType.split(';')[0].trim().toLowerCase() !== 'multipart/form-data') {
    throw new UnsupportedMediaTypeError('content-type must be multipart/form-data');
  }
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) throw badRequest('multipart boundary is missing');
  const raw = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  if (raw.length > MAX_MULTIPART_BYTES)
    throw new PayloadTooLargeError(`body must be at most ${MAX_MULTIPART_BYTES} bytes`);
  return parseParts(raw, boundary[1] ?? boundary[2]);
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

function parseParts(raw: Buffer, boundary: string): Record<string, string | UploadedFile> {
  const delimiter = Buffer.from(`--${boundary}`);
  const out: Record<string, string | UploadedFile> = {};
  let at = raw.indexOf(delimiter);
  if (at < 0) throw badRequest('body is not valid multipart/form-data');
  let parts = 0;
  for (;;) {
    at += delimiter.length;
    if (raw.subarray(at, at + 2).toString() === '--') return out; // the closing delimiter
    if (!raw.subarray(at, at + 2).equals(CRLF)) throw badRequest('body is not valid multipart/form-data');
    const headersEnd = raw.indexOf(HEADER_END, at + 2);
    if (headersEnd < 0) throw badRequest('body is not valid multipart/form-data');
    const next = raw.indexOf(Buffer.concat([CRLF, delimiter]), headersEnd + 4);
    if (next < 0) throw badRequest('body is not valid multipart/form-data');
    if (++parts > MAX_PARTS) throw badRequest(`body has more than ${MAX_PARTS} parts`);
    const partHeaders = parseHeaders(raw.subarray(at + 2, headersEnd).toString('utf8'));
    const data = raw.subarray(headersEnd + 4, next);
    const disposition = partHeaders['content-disposition'] ?? '';
    const name = dispositionParam(disposition, 'name');
    if (!name) throw badRequest('every multipart part needs a name');
    const filename = dispositionParam(disposition, 'filename');
    if (filename !== undefined || partHeaders['content-type'] !== undefined) {
      out[name] = {
        ...(filename ? { filename } : {}),
        ...(partHeaders['content-type'] ? { contentType: partHeaders['content-type'].trim().toLowerCase() } : {}),
        size: data.length,
        data: Buffer.from(data),
      };
    } else {
      if (data.length > MAX_FIELD_BYTES) throw badRequest(`${name} must be at most ${MAX_FIELD_BYTES} bytes`);
      out[name] = data.toString('utf8');
    }
    at = next + 2;
  }
}

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function dispositionParam(disposition: string, param: string): string | undefined {
  const match = new RegExp(`;\\s*${param}="((?:[^"\\\\]|\\\\.)*)"|;\\s*${param}=([^;\\s]+)`, 'i').exec(disposition);
  if (!match) return undefined;
  return (match[1] ?? match[2]).replace(/\\(.)/g, '$1');
}
