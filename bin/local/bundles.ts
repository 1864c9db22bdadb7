import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { QUEUES, STREAM_CONSUMERS } from '../../functions/core/infrastructure';
import { GROUPS } from '../../functions/routes';
import { REGISTRY } from '../../functions/registry';
import type { GroupDefinition } from '../../functions/core/group';
import { ESBUILD_OPTIONS, SDK_EXTERNAL } from '../../lib/bundling';

const ROOT = join(__dirname, '..', '..');
/**
 * Inside node_modules, so a bundle's external packages resolve from the project's as from Lambda's runtime and layer.
 */
const OUT = join(ROOT, 'node_modules', '.cache', 'payments-bundles');

/** A function's entry module, e.g. `functions/lambda/accounts`, `functions/consumers/webhooks`. */
export type FunctionEntry = string;
/** Where the local platform requires a function's entry module from. */
export type FunctionModules = (entry: FunctionEntry) => string;

/** Every function the stack deploys: a Lambda per group, per queue and stream consumer, the scheduled ones. */
export const FUNCTION_ENTRIES: readonly FunctionEntry[] = [
  ...GROUPS.map((group) => `functions/lambda/${group}`),
  ...[
    ...QUEUES.flatMap((queue) => (queue.consumer ? [queue.consumer] : [])),
    ...STREAM_CONSUMERS.map((stream) => stream.consumer),
    'webhook-sweep',
    'promotion-sweep',
    'promotion-draws',
    'settlements',
    'sales-channel-digests',
  ].map((consumer) => `functions/consumers/${consumer}`),
];

/** A function's Lambda handler, loaded from where `modules` says. */
export function handlerOf<H>(modules: FunctionModules, entry: FunctionEntry): H {
  return (require(modules(entry)) as { handler: H }).handler;
}

/** The sources: one module graph for all functions (`npm start`, quick to change). */
export const fromSources: FunctionModules = (entry) => join(ROOT, entry);

/**
 * Each function built as the stack builds it (lib/bundling.ts), the AWS SDK aside: one module graph per function, so
 * nothing one function's instance keeps (caches, clients, lazily loaded packages) is seen by
 * another's, and what bundling leaves out is missing, as on AWS.
 */
export async function fromBundles(): Promise<FunctionModules> {
  // Loaded here: running from the sources needs no bundler.
  const { build } = await import('esbuild');
  const built = new Map<FunctionEntry, string>();
  await Promise.all(
    FUNCTION_ENTRIES.map(async (entry) => {
      const outfile = join(OUT, entry.replace(/\//g, '-'), 'index.js');
      mkdirSync(join(outfile, '..'), { recursive: true });
      await build({
        ...ESBUILD_OPTIONS,
        // The SDK stays the process's own (lib/bundling.ts SDK_EXTERNAL); everything else as shipped.
        external: [...ESBUILD_OPTIONS.external, ...SDK_EXTERNAL],
        entryPoints: [join(ROOT, `${entry}.ts`)],
        outfile,
        logLevel: 'warning',
      });
      // What the group reads beside its bundle at run time, as the stack ships it (lib/bundling.ts bundlingWith).
      const group: GroupDefinition | undefined = REGISTRY.find((g) => entry === `functions/lambda/${g.name}`);
      for (const file of group?.infrastructure?.files ?? [])
        copyFileSync(join(ROOT, file), join(outfile, '..', basename(file)));
      built.set(entry, outfile);
    }),
  );
  return (entry) => {
    const file = built.get(entry);
    if (!file) throw new Error(`no bundle of ${entry}`);
    return file;
  };
}
