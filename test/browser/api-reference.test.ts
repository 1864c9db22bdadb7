import { join } from 'node:path';
import { api, platformUrl } from '../support/api';
import { axeViolations, browserSuite, openPage, suiteBrowser, suiteName } from '../support/browser';

/**
 * The API reference page (`GET /docs`) in headless Chromium: Scalar, served by the platform, renders the OpenAPI
 * document with every tag, fetches nothing from another origin, and its "Test Request" reaches the platform. The
 * issue asks no axe gate of this page: its violations are logged (they are Scalar's markup). Screenshots go to
 * test-artifacts/api-reference/ (gitignored); DOCS_SCREENSHOT=1 also rewrites docs/api-reference-page.png.
 */
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts', 'api-reference');
const suite = browserSuite('API reference page');

jest.setTimeout(90_000);

suite(suiteName('API reference page in headless Chromium'), () => {
  const browser = suiteBrowser(ARTIFACTS);

  it('serves its script gzipped, cacheable for good only at the version the page names', async () => {
    const page = await fetch(`${platformUrl()}/docs`);
    const src = /<script nonce="[^"]+" src="([^"]+)"/.exec(await page.text())?.[1];
    expect(src).toMatch(/^\/docs\/api-reference\.js\?v=[0-9a-f]{16}$/);
    const script = await fetch(`${platformUrl()}${src}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-encoding')).toBe('gzip');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await script.text()).toContain('createApiReference');
    const stale = await fetch(`${platformUrl()}/docs/api-reference.js?v=0123456789abcdef`);
    expect(stale.headers.get('cache-control')).toBe('no-cache');
    expect((await api('GET', '/docs/api-reference.js?v=../x')).status).toBe(400);
  });

  it('lists every tag of the OpenAPI document, and its Test Request reaches the platform', async () => {
    const document = (await api('GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, { tags: string[] }>>;
    };
    const tags = [...new Set(Object.values(document.paths).flatMap((path) => Object.values(path)))].flatMap(
      (operation) => operation.tags,
    );
    const { page, problems } = await openPage(browser());
    await page.setViewportSize({ width: 1280, height: 900 });
    const foreign: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(platformUrl())) foreign.push(request.url());
    });
    expect((await page.goto(`${platformUrl()}/docs`))?.status()).toBe(200);

    // Each tag is a group of the sidebar, its toggle named for screen readers, and its name shown.
    for (const tag of new Set(tags)) {
      await page.getByText(new RegExp(`^(Open|Close) Group - ${tag}$`)).waitFor({ state: 'attached' });
      await page.getByText(tag, { exact: true }).first().waitFor();
    }
    await page.screenshot({ path: join(ARTIFACTS, '01-reference.png') });
    if (process.env.DOCS_SCREENSHOT === '1')
      await page.screenshot({ path: join(__dirname, '..', '..', 'docs', 'api-reference-page.png') });

    await page.goto(`${platformUrl()}/docs#tag/system/GET/api/openapi.json`);
    await page
      .getByRole('button', { name: /Test Request/ })
      .first()
      .click();
    const sent = page.waitForResponse((response) => response.url() === `${platformUrl()}/api/openapi.json`);
    await page.getByRole('button', { name: /^Send/ }).first().click();
    expect((await sent).status()).toBe(200);
    await page.getByText('200 OK').first().waitFor();
    await page.screenshot({ path: join(ARTIFACTS, '02-test-request.png') });

    const violations = await axeViolations(page);
    const rules = new Map<string, number>();
    for (const line of violations) rules.set(line.split(' ')[0], (rules.get(line.split(' ')[0]) ?? 0) + 1);
    if (rules.size) console.warn(`API reference page, axe (Scalar's markup): ${[...rules].map((r) => r.join(' ×'))}`);
    expect(foreign).toEqual([]);
    // Zod inside the bundle probes whether eval is allowed (it is not) and works without it: the refusal is expected.
    expect(problems.filter((problem) => problem !== 'console: CSP violation: script-src eval ()')).toEqual([]);
    await page.close();
  });
});
