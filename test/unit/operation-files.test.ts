import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES } from '../../functions/routes';

/**
 * Two hops to any endpoint: a route's operation lives in functions/<group>/<kebab(operation)>.ts,
 * which exports it; no other module of the group exports a function of that name (stores keep
 * storage verbs), and every path is written out in its group's routes.ts, so grepping a documented
 * path finds its route.
 */
const FUNCTIONS = join(__dirname, '..', '..', 'functions');
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const exportsName = (source: string, name: string) =>
  new RegExp(`export (async )?(function|const) ${name}\\b`).test(source);
const read = (path: string) => readFileSync(path, 'utf8');

const operations = [...new Map(ROUTES.map((r) => [`${r.group}/${r.operation}`, r])).values()];

describe('one operation, one file', () => {
  it.each(operations.map((r) => [r.group, r.operation]))(
    '%s: %s is exported by its own file and by no other',
    (group, operation) => {
      const file = join(FUNCTIONS, group, `${kebab(operation)}.ts`);
      expect(existsSync(file) ? exportsName(read(file), operation) : `missing ${group}/${kebab(operation)}.ts`).toBe(
        true,
      );
      const elsewhere = readdirSync(join(FUNCTIONS, group))
        .filter((name) => name.endsWith('.ts') && name !== `${kebab(operation)}.ts`)
        .filter((name) => exportsName(read(join(FUNCTIONS, group, name)), operation));
      expect(elsewhere).toEqual([]);
    },
  );

  it.each(ROUTES.map((r) => [r.group, r.method, r.path]))('%s: %s %s is written out in routes.ts', (group, _, path) => {
    expect(read(join(FUNCTIONS, group, 'routes.ts'))).toContain(`path: '${path}'`);
  });
});
