/**
 * How every Lambda is built: the stack's NodejsFunctions take these options, and the bench measures
 * what `cdk synth` makes from them (it synthesizes the stack and reads the assets in its cloud assembly).
 */
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { join } from 'node:path';
import type { BuildOptions } from 'esbuild';
import { LAYER_PACKAGES } from './powertools-layer';

export const RUNTIME = lambda.Runtime.NODEJS_24_X;
export const ARCHITECTURE = lambda.Architecture.ARM_64;
export const MEMORY_MB = 512;

const ROOT = join(__dirname, '..');

/**
 * Minified CommonJS with a source map. What the functions use of the AWS SDK v3 is bundled: built from its ES
 * modules (`module` first), tree-shaken and minified into the function's one file, a cold import reads that file
 * instead of the runtime's SDK as published (hundreds of files; see docs/performance.md for the side-by-side
 * figures). DynamoDB, S3, SQS, SES and SMS are called without their service clients (core/db/dynamodb.ts,
 * core/aws-request.ts), signed, sent and retried as the SDK would, on Node's built-ins. Powertools'
 * Parameters and jose stay in the layer every function carries (lib/powertools-layer.ts). package.json declares
 * `sideEffects: false`: a module is bundled only if something it exports is used (a group reached through another's
 * index.ts carries only what it calls), so no module may do work at import that another relies on without importing
 * it.
 */
/** ES modules first: the SDK's tree-shake; packages without them use `main`. */
const MAIN_FIELDS = ['module', 'main'];

/**
 * The shipped bundles only: the SDK's default credential chain replaced by its first link, the environment, where
 * Lambda puts the role's credentials (functions/core/sdk-credentials.ts).
 */
const ALIAS = {
  '@aws-sdk/credential-provider-node': './functions/core/sdk-credentials.ts',
};

/**
 * SDK clients left to the runtime: Secrets Manager's. Powertools' Parameters in the layer requires it from the
 * runtime on the first secret read (the layer leaves the SDK to the runtime), so a copy in the bundle was a second
 * one, some 29 KiB that every cold import parsed (functions/core/secrets.ts requires it only on that read).
 */
const RUNTIME_SDK_CLIENTS = ['@aws-sdk/client-secrets-manager'];
/** What a bundle leaves out: the layer's packages and the runtime's clients above. */
const EXTERNAL = [...LAYER_PACKAGES, ...RUNTIME_SDK_CLIENTS];

export const BUNDLING: BundlingOptions = {
  minify: true,
  sourceMap: true,
  target: 'node22',
  format: OutputFormat.CJS,
  mainFields: MAIN_FIELDS,
  externalModules: EXTERNAL,
  // `import()` of a layer package becomes a lazy `require`: ESM resolution ignores NODE_PATH, where
  // Lambda puts the layer's node_modules. CDK runs esbuild from the project's root, where the alias's path starts.
  esbuildArgs: {
    '--supported:dynamic-import': 'false',
    ...Object.fromEntries(Object.entries(ALIAS).map(([name, path]) => [`--alias:${name}`, path])),
  },
};

/**
 * BUNDLING, and `files` (paths from the project's root, a group's infrastructure.ts `files`) copied beside the
 * bundle, where its code reads them at run time.
 */
export function bundlingWith(files: readonly string[] = []): BundlingOptions {
  if (!files.length) return BUNDLING;
  return {
    ...BUNDLING,
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (inputDir, outputDir) => files.map((file) => `cp "${inputDir}/${file}" "${outputDir}/"`),
    },
  };
}

/**
 * BUNDLING as esbuild's own options: a function built outside CDK (unit tests, the bench's variants) is built the
 * same way.
 */
export const ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: BUNDLING.target,
  minify: BUNDLING.minify,
  sourcemap: BUNDLING.sourceMap,
  mainFields: MAIN_FIELDS,
  external: EXTERNAL,
  supported: { 'dynamic-import': BUNDLING.esbuildArgs?.['--supported:dynamic-import'] !== 'false' },
  alias: Object.fromEntries(Object.entries(ALIAS).map(([name, path]) => [name, join(ROOT, path)])),
} satisfies BuildOptions;

/**
 * The AWS SDK left out of a bundle, resolved from node_modules as the runtime's: the bench's "SDK left to the runtime"
 * variant, and the local platform, where some forty functions share one process with the tests' instrumentation and
 * fault injection, which hook the SDK's classes (an injected `TransactionCanceledException` must be the class the
 * function's code checks against).
 */
export const SDK_EXTERNAL = ['@aws-sdk/*'];
