import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ERRORS, type ErrorCode } from '../functions/core/errors/catalogue';
import { TRANSLATIONS as LEGACY_TRANSLATIONS } from '../functions/legacy-payment-requests';
import type { Route } from '../functions/routes';

const FUNCTIONS = join(__dirname, '..', 'functions');
/** The catalogue and the classes name every code; they are where codes are defined, not where they are raised. */
const DEFINITIONS = join(FUNCTIONS, 'core', 'errors');
const CODE_LITERAL = /'([A-Z][A-Z0-9_]+)'/g;
const IMPORT = /^(import|export)\s+(type\s+)?(?:\{([^}]*)\}|\*(?:\s+as\s+\w+)?|\w+)\s+from\s+'(\.[^']*)'/gm;
const LEGACY_OPERATION = /legacyOperation(?:<[^>]*>)?\(\s*'(\w+)'/;
/** The typed errors (core/errors/classes.ts) whose code their call does not spell out. */
const CALLS: Readonly<Partial<Record<ErrorCode, RegExp>>> = {
  FORBIDDEN: /\bforbidden\(\)/,
  RATE_LIMIT_EXCEEDED: /\btooManyRequests\(/,
  SERVER_ERROR: /\bserverError\(\)/,
  TRANSACTION_CONFLICT: /\bnew ConflictError\(/,
};
/** The pipeline every route's request goes through (authentication, limits, validation, unexpected errors). */
const PIPELINE = join(FUNCTIONS, 'core', 'http', 'group-handler.ts');

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const read = (file: string) => readFileSync(file, 'utf8');

/** A relative import's file: `x.ts` or `x/index.ts`. */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, join(base, 'index.ts')].find(existsSync);
}

/** The names an import brings, without `type` ones and aliases; undefined for a whole module. */
function namesOf(list: string | undefined): string[] | undefined {
  if (list === undefined) return undefined;
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name && !name.startsWith('type '))
    .map((name) => name.split(/\s+as\s+/)[0]);
}

/**
 * The files a module's value imports reach. A group's index.ts is its public face: only the modules that export
 * the names imported through it are followed, so a route does not take on every code of another group.
 */
function importedFiles(file: string, source: string): string[] {
  const files: string[] = [];
  for (const [, , typeOnly, list, specifier] of source.matchAll(IMPORT)) {
    if (typeOnly) continue;
    const target = resolveImport(file, specifier);
    if (!target) continue;
    const names = namesOf(list);
    if (names?.length === 0) continue;
    if (!target.endsWith('index.ts') || names === undefined) {
      files.push(target);
      continue;
    }
    const barrel = read(target);
    for (const [, , , exported, from] of barrel.matchAll(IMPORT)) {
      if (namesOf(exported)?.some((name) => names.includes(name))) {
        const reexported = resolveImport(target, from);
        if (reexported) files.push(reexported);
      }
    }
  }
  return files;
}

const reachable = new Map<string, ReadonlySet<ErrorCode>>();

/** Every catalogued code written in the module or in a module its value imports reach. */
function codesReachableFrom(entry: string): ReadonlySet<ErrorCode> {
  const known = reachable.get(entry);
  if (known) return known;
  const codes = new Set<ErrorCode>();
  const seen = new Set<string>([entry]);
  const queue = [entry];
  for (let file = queue.pop(); file; file = queue.pop()) {
    const source = read(file);
    if (!file.startsWith(DEFINITIONS))
      for (const [, code] of source.matchAll(CODE_LITERAL)) if (code in ERRORS) codes.add(code as ErrorCode);
    for (const [code, call] of Object.entries(CALLS)) if (call.test(source)) codes.add(code as ErrorCode);
    for (const next of importedFiles(file, source))
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
  }
  reachable.set(entry, codes);
  return codes;
}

/** A code a route can answer, with the status it answers it with. */
export interface RouteCode {
  status: number;
  code: ErrorCode;
}

/**
 * The catalogued codes a route can answer, derived from the source: every code its operation's module and the
 * modules it reaches raise or pass on (the pipeline's own included), FORBIDDEN for routes that authenticate or
 * read an id, and the answer to an impossible id. A legacy operation answers some codes with its own status and
 * code (legacy-errors.ts). A superset: a code written in a reached module may be one its route never meets.
 */
export function routeCodes(route: Route): RouteCode[] {
  const file = join(FUNCTIONS, route.group, `${kebab(route.operation)}.ts`);
  const out = new Map<string, RouteCode>();
  const add = (status: number, code: ErrorCode) => out.set(`${status} ${code}`, { status, code });
  const legacy = read(file).match(LEGACY_OPERATION)?.[1] as keyof typeof LEGACY_TRANSLATIONS | undefined;
  for (const code of codesReachableFrom(file)) {
    const translation = legacy ? LEGACY_TRANSLATIONS[legacy][code] : undefined;
    add(translation?.status ?? ERRORS[code].status, translation?.code ?? code);
  }
  // The pipeline's FORBIDDEN (a user acting in an account not theirs, a denied permission) needs authentication,
  // and an id that cannot exist answers like a missing resource unless the route says otherwise.
  for (const code of codesReachableFrom(PIPELINE)) if (code !== 'FORBIDDEN') add(ERRORS[code].status, code);
  const impossible = route.impossibleId;
  if (route.authentication === 'apiKey' || (route.path.includes('{') && impossible === undefined))
    add(403, 'FORBIDDEN');
  if (typeof impossible === 'object') add(impossible.status, impossible.code as ErrorCode);
  return [...out.values()].sort((a, b) => a.status - b.status || a.code.localeCompare(b.code));
}
