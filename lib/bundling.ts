/**
 * How every Lambda is built: the stack's NodejsFunctions take these options, and the bench measures
 * what `cdk synth` makes from them (it synthesizes the stack and reads the assets in its cloud assembly).
 */
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
import { LAYER_PACKAGES } from './powertools-layer';

export const RUNTIME = lambda.Runtime.NODEJS_24_X;
export const ARCHITECTURE = lambda.Architecture.ARM_64;
export const MEMORY_MB = 512;

/**
 * Minified CommonJS with a source map; the AWS SDK v3 is left to the runtime (CDK's default for
 * Node.js 18+ runtimes, stated here so the bench builds nothing else) and Powertools with the X-Ray
 * SDK to the layer every function carries (lib/powertools-layer.ts). package.json declares
 * `sideEffects: false`: a module is bundled only if something it exports is used (a group reached
 * through another's index.ts carries only what it calls), so no module may do work at import that
 * another relies on without importing it.
 */
export const BUNDLING: BundlingOptions = {
  minify: true,
  sourceMap: true,
  target: 'node22',
  format: OutputFormat.CJS,
  externalModules: ['@aws-sdk/*', ...LAYER_PACKAGES],
  // `import()` of a layer package becomes a lazy `require`: ESM resolution ignores NODE_PATH, where
  // Lambda puts the layer's node_modules.
  esbuildArgs: { '--supported:dynamic-import': 'false' },
};

/**
 * BUNDLING as esbuild's own options: a function built outside CDK (the tests' local platform, unit tests) is built the
 * same way.
 */
export const ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: BUNDLING.target,
  minify: BUNDLING.minify,
  sourcemap: BUNDLING.sourceMap,
  external: BUNDLING.externalModules,
  supported: { 'dynamic-import': BUNDLING.esbuildArgs?.['--supported:dynamic-import'] !== 'false' },
} satisfies BuildOptions;
