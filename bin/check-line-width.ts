import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Fails on any source line over MAX_WIDTH characters. Biome's formatter wraps code at the same width
 * (biome.json) but never breaks a string, a comment or a template literal: this catches those.
 * Usage: `tsx bin/check-line-width.ts [path prefix…]` (default: the whole tree).
 */
const MAX_WIDTH = 120;
const CHECKED = /\.(ts|js|mjs|cjs|json)$/;
// Git lists the files, so what .gitignore names (node_modules, functions/generated, …) is never read.
// Generated files: the Postman collection (clients/postman/generate.ts) holds each example body as one string, and
// the client's types are openapi-typescript's output (npm run client:generate); neither is edited by hand.
const SKIPPED = new Set([
  'package-lock.json',
  'clients/postman/payments-platform.postman_collection.json',
  'clients/typescript/src/schema.d.ts',
]);
// Recorded exchanges (docs/api-reference.md) are data: their strings are as the platform answered them.
const RECORDED = 'openapi/examples/';

const ROOT = join(__dirname, '..');
const prefixes = process.argv.slice(2);
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => CHECKED.test(file) && !SKIPPED.has(file) && !file.startsWith(RECORDED))
  .filter((file) => !prefixes.length || prefixes.some((prefix) => file.startsWith(prefix)));

let over = 0;
for (const file of files) {
  let text: string;
  try {
    text = readFileSync(join(ROOT, file), 'utf8');
  } catch {
    continue; // deleted in the work tree, still in the index
  }
  text.split('\n').forEach((line, i) => {
    // Characters as an editor counts them: code points, not UTF-16 units.
    const width = [...line].length;
    if (width <= MAX_WIDTH) return;
    over++;
    console.log(`${file}:${i + 1}: ${width} characters`);
  });
}
if (over) {
  console.error(`${over} line(s) over ${MAX_WIDTH} characters: wrap the comment or split the string`);
  process.exit(1);
}
