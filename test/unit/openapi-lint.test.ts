import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOpenApiDocument } from '../../bin/openapi-document';

/**
 * The document GET /api/openapi.json serves passes Redocly CLI with the rule set kept in openapi/redocly.yaml, and
 * that rule set refuses what it is there to refuse.
 */
const ROOT = join(__dirname, '..', '..');
const REDOCLY = require.resolve('@redocly/cli/bin/cli.js');
const LINT_TIMEOUT_MS = 180_000;

interface Problem {
  ruleId: string;
  location: { pointer: string }[];
}

/** Redocly's problems with `document`: its JSON report, whether or not it passed (it exits 1 on errors). */
function lint(document: unknown): Problem[] {
  const file = join(mkdtempSync(join(tmpdir(), 'openapi-lint-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const args = ['lint', file, '--config', join(ROOT, 'openapi', 'redocly.yaml'), '--format', 'json'];
  let report: string;
  try {
    report = execFileSync(process.execPath, [REDOCLY, ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    report = (error as { stdout: string }).stdout;
  }
  return (JSON.parse(report) as { problems: Problem[] }).problems;
}

type Operation = Record<string, unknown> & { responses: Record<string, Record<string, unknown>> };

describe('the OpenAPI document, linted', () => {
  it(
    'passes every rule',
    () => {
      expect(lint(buildOpenApiDocument()).map((p) => `${p.ruleId} ${p.location[0]?.pointer}`)).toEqual([]);
    },
    LINT_TIMEOUT_MS,
  );

  it(
    'refuses an operation without error responses, summary, tag or security, and a coded status without codes',
    () => {
      const document = buildOpenApiDocument() as { paths: Record<string, Record<string, Operation>> };
      const create = document.paths['/api/payment-requests'].post;
      for (const status of Object.keys(create.responses)) if (status !== '200') delete create.responses[status];
      const read = document.paths['/api/payment-requests/{paymentRequestId}'].get;
      delete read.summary;
      delete read.security;
      read.tags = [];
      delete read.responses['403']['x-error-codes'];
      delete (read.responses['200'].content as Record<string, Record<string, unknown>>)['application/json'].schema;
      expect(new Set(lint(document).map((p) => p.ruleId))).toEqual(
        new Set([
          'operation-4xx-response',
          'operation-summary',
          'rule/operation-security',
          'rule/operation-tags',
          'rule/error-codes',
          'rule/success-schema',
        ]),
      );
    },
    LINT_TIMEOUT_MS,
  );
});
