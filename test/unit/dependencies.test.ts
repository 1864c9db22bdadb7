import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
// dependency-cruiser is ESM only and jest runs CommonJS here, so its command is run instead of its API.
const CLI = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface Module {
  source: string;
  dependencies: { resolved: string }[];
}

interface Cruise {
  modules: Module[];
  summary: { violations: { from: string; to: string; rule: { name: string } }[] };
}

/**
 * A module's node in the graph of folders: its folder under functions/ (functions itself for the registry and the
 * tables; lambda for every Lambda entry), lib, bin or schemas.
 */
function folderOf(path: string): string {
  return (
    path.match(/^functions\/[^/]+(?=\/)/)?.[0] ?? (path.startsWith('functions/') ? 'functions' : path.split('/')[0])
  );
}

/**
 * A loop between folders, as its folders with one import for each step, or undefined when the folders import in one
 * direction.
 */
function folderLoop(modules: readonly Module[]): string[] | undefined {
  const edges = new Map<string, Map<string, string>>();
  for (const { source, dependencies } of modules) {
    for (const { resolved } of dependencies) {
      const [from, to] = [folderOf(source), folderOf(resolved)];
      if (from === to) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, `${source} → ${resolved}`);
    }
  }
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (folder: string): string[] | undefined => {
    const at = path.indexOf(folder);
    if (at >= 0)
      return [...path.slice(at), folder].flatMap((f, i, loop) =>
        i + 1 < loop.length ? [`${f}: ${edges.get(f)!.get(loop[i + 1])}`] : [],
      );
    if (done.has(folder)) return undefined;
    path.push(folder);
    for (const next of edges.get(folder)?.keys() ?? []) {
      const loop = visit(next);
      if (loop) return loop;
    }
    path.pop();
    done.add(folder);
    return undefined;
  };
  for (const folder of edges.keys()) {
    const loop = visit(folder);
    if (loop) return loop;
  }
  return undefined;
}

describe('dependencies', () => {
  it('keep the layout: no cycles, nothing below the registry imports it, core knows no group, groups meet only ' +
    'through their public faces, no loop between folders', () => {
    const run = spawnSync(
      process.execPath,
      [CLI, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', 'functions', 'lib', 'bin', 'schemas'],
      {
        cwd: ROOT,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    expect(run.stderr).toBe('');
    const cruise = JSON.parse(run.stdout) as Cruise;
    expect(cruise.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`)).toEqual([]);
    expect(run.status).toBe(0);
    expect(cruise.modules.some((m) => m.source === 'functions/registry.ts')).toBe(true);
    expect(folderLoop(cruise.modules)).toBeUndefined();
  }, 120_000);

  it('finds a loop between folders that no module cycle shows', () => {
    const modules = [
      { source: 'functions/a/x.ts', dependencies: [{ resolved: 'functions/b/index.ts' }] },
      { source: 'functions/b/y.ts', dependencies: [{ resolved: 'functions/a/index.ts' }] },
      { source: 'functions/lambda/a.ts', dependencies: [{ resolved: 'functions/a/x.ts' }] },
    ];
    expect(folderLoop(modules)).toEqual([
      'functions/a: functions/a/x.ts → functions/b/index.ts',
      'functions/b: functions/b/y.ts → functions/a/index.ts',
    ]);
    // b's Lambda entry wiring in a's implementation of b's port is above both folders.
    expect(
      folderLoop([
        modules[0],
        { source: 'functions/lambda/b.ts', dependencies: [{ resolved: 'functions/a/index.ts' }] },
      ]),
    ).toBeUndefined();
  });
});
