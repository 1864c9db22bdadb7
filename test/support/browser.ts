import { existsSync, mkdirSync } from 'node:fs';
import { source as AXE_SOURCE } from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Debian's Chromium for the browser suites (driven by playwright-core). Without one a suite is
 * reported skipped, with the reason, and never passes silently; under CI (CI=true, where .ci/run
 * installs it) a missing Chromium fails the run instead.
 */
// CHROMIUM_PATH, when set, is the only place looked at.
const CANDIDATES = process.env.CHROMIUM_PATH
  ? [process.env.CHROMIUM_PATH]
  : ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
export const CHROMIUM = CANDIDATES.find((path) => existsSync(path));
export const WHY_SKIPPED =
  `no Chromium found (looked at ${CANDIDATES.join(', ')}); ` +
  'install it with `apt-get install -y chromium` (as .ci/run does) or set CHROMIUM_PATH';

/** `describe` when Chromium is there, else a skipped suite whose name says why (a failure under CI). */
export function browserSuite(name: string): jest.Describe {
  if (!CHROMIUM && process.env.CI) throw new Error(`browser tests cannot run under CI: ${WHY_SKIPPED}`);
  if (!CHROMIUM) console.warn(`${name} browser tests SKIPPED: ${WHY_SKIPPED}`);
  return CHROMIUM ? describe : describe.skip;
}

export const suiteName = (name: string) => (CHROMIUM ? name : `${name} (SKIPPED: ${WHY_SKIPPED})`);

/**
 * Chromium for the suite it is called in: launched (and the folder of its screenshots made) before the
 * suite's tests, closed after them. Answers a getter of the browser, for the tests.
 */
export function suiteBrowser(artifacts: string): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

/** What the functions run in a page use of it (the tests compile without the DOM's types). */
export interface PageGlobal {
  document: {
    getElementById(id: string): { textContent: string } | null;
    addEventListener(type: string, listener: (event: { violatedDirective: string; blockedURI: string }) => void): void;
  };
}

/**
 * A page that records what the browser refused or failed: CSP violations, script errors, console
 * errors. Code run in the page is passed as functions (serialized; they reach the page's document
 * as `globalThis.document`, the tests compiling without the DOM's types), never as strings, which
 * the page would have to eval and its CSP refuses.
 */
export async function openPage(browser: Browser): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 480, height: 900 } });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // The browser's own /favicon.ico request (not made by the page, and outside its CSP) meets the API's 404.
    if (message.location().url.endsWith('/favicon.ico')) return;
    if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url})`);
  });
  await page.addInitScript(() =>
    (globalThis as unknown as PageGlobal).document.addEventListener(
      'securitypolicyviolation',
      (e: { violatedDirective: string; blockedURI: string }) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  return { page, problems };
}

/** The WCAG 2.2 AA rules (and the A and 2.0/2.1 rules they include) axe-core checks a page against. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * What axe-core finds against WCAG 2.2 AA on the page as it stands, one line per violation and node
 * (rule, target, message): a page passes with none. axe is evaluated through the browser's debugging
 * protocol, which the page's CSP does not govern, so no CSP is loosened for it.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    type Result = { violations: { id: string; nodes: { target: string[]; failureSummary?: string }[] }[] };
    const axe = (globalThis as unknown as { axe: { run(options: unknown): Promise<Result> } }).axe;
    const result = await axe.run({ runOnly: { type: 'tag', values: tags } });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => `${v.id} ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
    );
  }, WCAG_22_AA);
}
