/**
 * Powertools' Parameters ship once, in a Lambda layer every function uses, instead of inside each function's bundle:
 * the same in every function. jose (user tokens, webhook signatures) too: 25 KiB of each bundle, and loaded only when
 * used.
 *
 * The layer is built at synth from the pinned packages in node_modules (no download), bundled and
 * minified: a function's start required some 200 files of these packages as published (about 45 ms
 * here); it now reads one file, each module in it evaluated when first required. Each module the
 * functions require (LAYER_ENTRIES) is a small package in the layer's node_modules that hands on its
 * part of that file, so Node's resolution (NODE_PATH, where Lambda puts the layer) finds them as before.
 * The AWS SDK stays the runtime's. Powertools' Logger, Metrics and Tracer (with the X-Ray SDK) are not in it:
 * functions/core/observability.ts writes their formats and functions/core/tracing.ts their traces itself, at a
 * fraction of their cold import.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { BuildOptions } from 'esbuild';

const ROOT = join(__dirname, '..');

/** What the functions require from the layer. */
export const LAYER_ENTRIES = [
  '@aws-lambda-powertools/parameters/secrets',
  // Loaded on first use (a user token, a webhook signature): a file of its own, read only then.
  'jose',
] as const;

/** The packages of LAYER_ENTRIES: the bundles mark them (and their subpaths) external. */
export const LAYER_PACKAGES = [...new Set(LAYER_ENTRIES.map(packageOf))];

/** The package of a module specifier (`@scope/name` or `name`). */
function packageOf(specifier: string): string {
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

/** Where the layer's code lives, inside its node_modules (a dot folder: never a package name). */
const CODE_DIR = '.layer';
const SHARED = 'powertools.js';
/** Entries with a file of their own instead of a part of the shared one. */
const OWN_FILE = new Set<string>(['jose']);

/** Layers built, by content: a build is kept only if no identical one is there (node_modules/.cache is disposable). */
const CACHE = join(ROOT, 'node_modules', '.cache', 'powertools-layer');
const built = new Map<string, string>();

/**
 * The layer's folder (`nodejs/node_modules/…`, where Lambda looks; synth copies it into the cloud
 * assembly, the asset hash being of the contents). Built into a staging folder, then kept under the
 * hash of what was built: a process builds it once, concurrent builds (synths, test workers) never
 * share a folder being written, and nothing piles up in the temporary folder. `target`: the functions'
 * (lib/bundling.ts).
 */
export function buildLayerDirectory(target: string): string {
  const known = built.get(target);
  if (known && existsSync(known)) return known;
  mkdirSync(CACHE, { recursive: true });
  const staging = mkdtempSync(join(CACHE, 'staging-'));
  try {
    buildInto(join(staging, 'nodejs', 'node_modules'), target);
    const dir = join(CACHE, contentHash(staging));
    if (!existsSync(dir)) {
      try {
        renameSync(staging, dir);
      } catch (error) {
        // Another process kept the same build first.
        if (!existsSync(dir)) throw error;
      }
    }
    built.set(target, dir);
    return dir;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function buildInto(modules: string, target: string): void {
  // esbuild only when a layer is built (synth, tests): never on `npm start`'s path.
  const { buildSync } = require('esbuild') as typeof import('esbuild');
  const code = join(modules, CODE_DIR);
  const options: BuildOptions = {
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target,
    minify: true,
    absWorkingDir: ROOT,
    external: ['@aws-sdk/*'],
    metafile: true,
    logLevel: 'warning',
  };
  const bundle = (entries: readonly string[], file: string) => {
    // Each entry a getter: required (and so evaluated) when a function first requires it.
    const contents = entries
      .map(
        (entry) =>
          `Object.defineProperty(exports, ${JSON.stringify(entry)}, { enumerable: true, get: () => ` +
          `require(${JSON.stringify(entry)}) });`,
      )
      .join('\n');
    const { metafile } = buildSync({
      ...options,
      stdin: { contents, resolveDir: ROOT, sourcefile: 'layer-entries.js', loader: 'js' },
      outfile: join(code, file),
    });
    return Object.keys(metafile!.inputs);
  };
  const inputs = [
    ...bundle(
      LAYER_ENTRIES.filter((e) => !OWN_FILE.has(e)),
      SHARED,
    ),
    ...[...OWN_FILE].flatMap((entry) => bundle([entry], `${entry}.js`)),
  ];
  for (const entry of LAYER_ENTRIES)
    writeEntry(modules, entry, join(code, OWN_FILE.has(entry) ? `${entry}.js` : SHARED));
  copyLicenses(inputs, join(code, 'licenses'));
}

/** sha256 of every file's path (relative to `dir`) and bytes, in path order. */
function contentHash(dir: string): string {
  const hash = createHash('sha256');
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(folder, entry.name)) : [join(folder, entry.name)],
    );
  for (const file of walk(dir).sort())
    hash.update(relative(dir, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** The package folder of `entry` in the layer: its module hands on its part of the layer's code. */
function writeEntry(modules: string, entry: string, codeFile: string): void {
  const name = packageOf(entry);
  const subpath = entry.slice(name.length + 1) || 'index';
  const dir = join(modules, name);
  const file = join(dir, `${subpath}.js`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    `module.exports = require(${JSON.stringify(relative(dirname(file), codeFile))})[${JSON.stringify(entry)}];\n`,
  );
  const manifestFile = join(dir, 'package.json');
  const manifest: { name: string; version: string; exports: Record<string, string> } = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : { name, version: installedVersion(name), exports: {} };
  manifest.exports[subpath === 'index' ? '.' : `./${subpath}`] = `./${subpath}.js`;
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
}

function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/**
 * What the layer carries of others' work travels with it: `licenses.json` names every package bundled
 * into it (version and license as its manifest states them), beside each one's license files.
 */
function copyLicenses(inputs: string[], into: string): void {
  const dirs = new Set(
    inputs
      .map((input) => /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input))
      .filter((m) => m !== null)
      .map((m) => m[1]),
  );
  const list: { name: string; version: string; license: string }[] = [];
  for (const dir of dirs) {
    const { name, version, license } = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
      license: string;
    };
    list.push({ name, version, license });
    for (const file of readdirSync(join(ROOT, dir)).filter((f) => /^(licen[cs]e|notice)/i.test(f))) {
      mkdirSync(join(into, name), { recursive: true });
      copyFileSync(join(ROOT, dir, file), join(into, name, file));
    }
  }
  mkdirSync(into, { recursive: true });
  writeFileSync(
    join(into, 'licenses.json'),
    `${JSON.stringify(
      list.sort((a, b) => a.name.localeCompare(b.name)),
      null,
      2,
    )}\n`,
  );
}
