/**
 * Powertools (and the X-Ray SDK its Tracer needs) ship once, in a Lambda layer every function uses,
 * instead of inside each function's bundle: they are the same in every function and were some 170 KiB
 * of each. jose (user tokens, webhook signatures) too: 25 KiB of each bundle, and loaded only when used. The layer is made at synth from the pinned packages in node_modules (no download), with
 * the packages they depend on; the AWS SDK stays the runtime's, as for the bundles.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const ROOT = join(__dirname, '..');

/** What the layer provides; the bundles mark these external. */
export const LAYER_PACKAGES = [
  '@aws-lambda-powertools/commons',
  '@aws-lambda-powertools/logger',
  '@aws-lambda-powertools/metrics',
  '@aws-lambda-powertools/parameters',
  '@aws-lambda-powertools/tracer',
  'aws-xray-sdk-core',
  // Loaded on first use (a user token, a webhook signature): functions that never need it never load it.
  'jose',
] as const;

/** The runtime's own, or types only: never copied. */
const LEFT_OUT = (name: string) => name.startsWith('@aws-sdk/') || name.startsWith('@types/');

const manifest = (dir: string): { dependencies?: Record<string, string> } => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));

/** Where Node would find `name` from a module in `fromDir` (nested node_modules first, as npm lays them out). */
function packageDir(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === ROOT || dir === dirname(dir)) throw new Error(`powertools layer: ${name} is not installed (from ${fromDir})`);
  }
}

/**
 * The installed folders the layer copies: each package of the layer and every package it depends on.
 * A package npm nested under another (another version) travels inside that one's folder, so only
 * top-level folders are listed.
 */
export function layerClosure(): Map<string, string> {
  const topLevel = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (name: string, fromDir: string) => {
    if (LEFT_OUT(name)) return;
    const dir = packageDir(name, fromDir);
    if (seen.has(dir)) return;
    seen.add(dir);
    if (dir === join(ROOT, 'node_modules', name)) topLevel.set(name, dir);
    for (const dependency of Object.keys(manifest(dir).dependencies ?? {})) visit(dependency, dir);
  };
  for (const name of LAYER_PACKAGES) visit(name, ROOT);
  return topLevel;
}

/**
 * The layer's folder (`nodejs/node_modules/…`, where Lambda looks), made afresh in a temporary folder
 * of this process (synth copies it into the cloud assembly; the asset hash is of the contents) and
 * removed when the process exits, so concurrent synths never share one.
 */
export function buildLayerDirectory(): string {
  const outDir = mkdtempSync(join(tmpdir(), 'powertools-layer-'));
  process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
  const modules = join(outDir, 'nodejs', 'node_modules');
  for (const [name, dir] of layerClosure()) {
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    // Only what runs: type declarations and source maps are most of these packages' bytes.
    cpSync(dir, join(modules, name), { recursive: true, filter: (src) => !/\.(d\.ts|d\.cts|d\.mts|map)$/.test(src) });
  }
  return outDir;
}
