import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
// dependency-cruiser is ESM only and jest runs CommonJS here, so its command is run instead of its API.
const CLI = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

describe('dependencies', () => {
  it('keep the layout: no cycles, core knows no group, groups meet only through their public faces', () => {
    const run = spawnSync(process.execPath, [CLI, '--config', '.dependency-cruiser.cjs', '--output-type', 'err', 'functions', 'lib', 'bin', 'schemas'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(`${run.stdout}${run.stderr}`).toContain('no dependency violations found');
    expect(run.status).toBe(0);
  }, 60_000);
});
