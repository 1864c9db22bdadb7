import { gunzipSync } from 'node:zlib';
import { publicOperation } from '../core/http/operation';
// Generated at build time from the route table and the schema map (bin/openapi-document.ts): this group sits below
// the registry, so its Lambda neither reads nor carries them; the document ships gzipped and is inflated once, on
// first request.
import { gzippedBase64 } from '../generated/openapi';

let document: Record<string, unknown> | undefined;

export const getOpenApi = publicOperation(
  async () =>
    (document ??= JSON.parse(gunzipSync(Buffer.from(gzippedBase64, 'base64')).toString('utf8')) as Record<
      string,
      unknown
    >),
);
