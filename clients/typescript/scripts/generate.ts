/**
 * `npm run client:generate`: writes src/schema.d.ts from the OpenAPI document the platform serves, as
 * build-validators.ts built it (functions/generated/openapi.js, gzipped; the script runs that build first).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { gzippedBase64 } from '../../../functions/generated/openapi';
import { SCHEMA_TYPES_FILE, schemaTypes } from './schema-types';

async function main() {
  const document = JSON.parse(gunzipSync(Buffer.from(gzippedBase64, 'base64')).toString('utf8'));
  const target = join(__dirname, '..', SCHEMA_TYPES_FILE);
  writeFileSync(target, await schemaTypes(document));
  console.log(`client types -> ${target}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
