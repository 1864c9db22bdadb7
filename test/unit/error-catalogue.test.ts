/**
 * The error catalogue (functions/core/errors/catalogue.ts) against the sources, read as text, no API
 * run: every catalogued code is used by functions/; every code the conformance suite expects is
 * catalogued, with the status it expects and the public docs page that documents it; each of our own
 * codes is stated in the section of our docs it names; and every code is reached by an API test or
 * named below with why not.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import ts from 'typescript';
import { ERRORS, type ErrorCode } from '../../functions/core/errors/catalogue';
import {
  businessRule,
  ConflictError,
  forbidden,
  hasCode,
  invalidRequest,
  serviceUnavailable,
  tooManyRequests,
} from '../../functions/core/errors/classes';

const ROOT = join(__dirname, '..', '..');
const CODES = Object.keys(ERRORS) as ErrorCode[];
const PUBLIC_DOCS = 'https://docs.centrapay.com/api/';
const CONFORMANCE = join(ROOT, 'test', 'conformance');

/** Codes no API test reaches, each with why. */
const NOT_REACHED_BY_API_TESTS: Readonly<Partial<Record<ErrorCode, string>>> = {
  COMPANY_REGISTER_NOT_CONFIGURED:
    'a deployed stack without a register; the local platform always has the fixture one ' +
    '(test/unit/batches-and-register.test.ts)',
  SERVICE_BUSY: 'DynamoDB throttling, which DynamoDB Local never does (test/unit/money-engine.test.ts maps it)',
  USER_ALREADY_EXISTS: 'answered by `npm run admin -- create-user` only: no route creates users',
  WEBHOOK_SIGNING_KEY_MISSING:
    'a deployed stack before its first signing key; `npm start` always makes one (test/unit/webhook-signing.test.ts)',
};

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'fixtures' ? [] : tsFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

/** The string literals of files: what their code says, comments left out. */
function stringLiterals(files: string[]): Set<string> {
  const out = new Set<string>();
  for (const file of files) {
    walk(parse(file), (node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.add(node.text);
    });
  }
  return out;
}

interface Expected {
  page: string;
  status: number;
  code: string;
}

/**
 * What each conformance file expects: `expectError(res, status, 'CODE')`, and `expectQuotaExceeded(res)` (403
 * QUOTA_EXCEEDED).
 */
function conformanceExpectations(): Expected[] {
  const out: Expected[] = [];
  for (const file of tsFiles(CONFORMANCE).filter((f) => f.endsWith('.test.ts'))) {
    const page = basename(file, '.test.ts');
    walk(parse(file), (node) => {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return;
      if (node.expression.text === 'expectQuotaExceeded') out.push({ page, status: 403, code: 'QUOTA_EXCEEDED' });
      if (node.expression.text !== 'expectError') return;
      const [, status, code] = node.arguments;
      // A code or status that is not a literal cannot be checked here: it shows up as not catalogued.
      const literal = ts.isStringLiteral(code) && ts.isNumericLiteral(status);
      out.push({
        page,
        status: literal ? Number(status.text) : 0,
        code: literal ? code.text : `${page}: ${node.getText()}`,
      });
    });
  }
  return out;
}

/** GitHub's anchor of a heading. */
const anchor = (heading: string) =>
  heading
    .replace(/[`*]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The text of a docs section: from its heading to the next heading of the same or a higher level. */
function section(markdown: string, wanted: string): string | undefined {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^#{1,6} /.test(line) && anchor(line.replace(/^#+ /, '').trim()) === wanted);
  if (start < 0) return undefined;
  const level = lines[start].indexOf(' ');
  const end = lines.findIndex((line, i) => i > start && /^#{1,6} /.test(line) && line.indexOf(' ') <= level);
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

describe('the error catalogue', () => {
  const expected = conformanceExpectations();
  const pagesOf = (code: string) => [...new Set(expected.filter((e) => e.code === code).map((e) => e.page))];
  const publicPage = (code: ErrorCode) =>
    ERRORS[code].source.startsWith(PUBLIC_DOCS) ? ERRORS[code].source.slice(PUBLIC_DOCS.length) : undefined;

  it('is one alphabetical object (a new code is a one-line add)', () => {
    expect(CODES).toEqual([...CODES].sort());
  });

  it('holds no code that functions/ does not use', () => {
    const catalogue = join(ROOT, 'functions', 'core', 'errors', 'catalogue.ts');
    const used = stringLiterals(tsFiles(join(ROOT, 'functions')).filter((file) => file !== catalogue));
    expect(CODES.filter((code) => !used.has(code))).toEqual([]);
  });

  it('holds every code the conformance suite expects, with the status it expects', () => {
    expect(expected.length).toBeGreaterThan(100);
    expect(expected.filter((e) => !(e.code in ERRORS)).map((e) => e.code)).toEqual([]);
    // The legacy API answers a few codes with statuses of its own (functions/legacy-payment-requests/legacy-errors.ts).
    const mismatched = expected.filter(
      (e) =>
        e.page !== 'legacy-payment-requests' && e.code in ERRORS && ERRORS[e.code as ErrorCode].status !== e.status,
    );
    expect(mismatched).toEqual([]);
  });

  it(
    'gives a code the public docs document the public page ' + 'that documents it, and only such a code a public page',
    () => {
      const documented = CODES.filter((code) => pagesOf(code).length > 0);
      expect(
        documented
          .filter((code) => !pagesOf(code).includes(publicPage(code) ?? ''))
          .map((code) => `${code}: ${ERRORS[code].source}, expected on ${pagesOf(code).join(', ')}`),
      ).toEqual([]);
      expect(CODES.filter((code) => publicPage(code) !== undefined && pagesOf(code).length === 0)).toEqual([]);
    },
  );

  it('states each of our own codes in the section of our docs it names', () => {
    const unstated = CODES.filter((code) => publicPage(code) === undefined).filter((code) => {
      const [file, wanted] = ERRORS[code].source.split('#');
      const path = join(ROOT, file);
      const text = existsSync(path) ? section(readFileSync(path, 'utf8'), wanted) : undefined;
      return !text || !new RegExp(`\\b${code}\\b`).test(text);
    });
    expect(unstated.map((code) => `${code}: ${ERRORS[code].source}`)).toEqual([]);
  });

  it('has every code reached by an API test, or named with why not', () => {
    const reached = stringLiterals(
      ['api', 'conformance', 'reliability', 'browser'].flatMap((dir) => tsFiles(join(ROOT, 'test', dir))),
    );
    expect(CODES.filter((code) => !reached.has(code) && !NOT_REACHED_BY_API_TESTS[code])).toEqual([]);
    expect(Object.keys(NOT_REACHED_BY_API_TESTS).filter((code) => reached.has(code) || !(code in ERRORS))).toEqual([]);
  });
});

describe('the typed errors', () => {
  it('answer the body and headers they always did, the status taken from the catalogue', () => {
    expect(
      [
        forbidden(),
        businessRule('REQUEST_PAID', { at: 1 }),
        invalidRequest('CHECKSUM_FAILED'),
        new ConflictError(),
        tooManyRequests(7),
        serviceUnavailable('SERVICE_BUSY', { 'retry-after': '1' }),
      ].map((e) => [e.toBody(), e.headers]),
    ).toEqual([
      [{ statusCode: 403, error: 'Forbidden', message: 'FORBIDDEN' }, {}],
      [{ statusCode: 403, error: 'Forbidden', message: 'REQUEST_PAID', at: 1 }, {}],
      [{ statusCode: 400, error: 'Bad Request', message: 'CHECKSUM_FAILED' }, {}],
      [{ statusCode: 409, error: 'Conflict', message: 'TRANSACTION_CONFLICT' }, { 'retry-after': '1' }],
      [{ statusCode: 429, error: 'Too Many Requests', message: 'RATE_LIMIT_EXCEEDED' }, { 'retry-after': '7' }],
      [{ statusCode: 503, error: 'Service Unavailable', message: 'SERVICE_BUSY' }, { 'retry-after': '1' }],
    ]);
  });

  it('are told apart by code, not by message', () => {
    expect([
      hasCode(businessRule('REQUEST_PAID'), 'REQUEST_PAID'),
      hasCode(businessRule('REQUEST_PAID'), 'REQUEST_CANCELLED'),
      hasCode(new Error('REQUEST_PAID'), 'REQUEST_PAID'),
    ]).toEqual([true, false, false]);
  });
});

describe('the section a catalogue source names', () => {
  it('runs from its heading to the next of the same or a higher level', () => {
    const page = '# Page\nintro\n## One `A`\na\n### Deeper\nb\n## Two\nc\n';
    expect(section(page, 'one-a')).toBe('## One `A`\na\n### Deeper\nb');
    expect(section(page, 'page')).toBe(page);
    expect(section(page, 'three')).toBeUndefined();
  });
});
