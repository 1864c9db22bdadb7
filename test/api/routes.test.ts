import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { routeKey } from '../../functions/core/http/route';
import { ROUTES, type Route } from '../../functions/routes';
import { api } from '../support/api';
import { MISSING_ID, pathFor } from '../support/route-fixtures';

/** A concrete path for a route template: every parameter gets an id of its kind that does not exist. */
const samplePath = (route: Route) => pathFor(route, MISSING_ID);

describe('route table over HTTP', () => {
  it('serves a valid OpenAPI 3.1 document listing every route', async () => {
    const res = await api('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const listed = Object.entries(res.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual(ROUTES.map((r) => routeKey(r)).sort());

    const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(res.body));
    const bin = join(__dirname, '..', '..', 'node_modules', '.bin', 'validate-api');
    const verdict = JSON.parse(execFileSync(bin, [file], { encoding: 'utf8' })) as { valid: boolean; errors?: unknown };
    expect(verdict).toEqual({ valid: true });
  });

  it.each(
    (ROUTES as readonly Route[]).filter((r) => r.authentication === 'apiKey').map((r) => [routeKey(r), r] as const),
  )('%s without a key → 401', async (_key, route) => {
    const res = await api(route.method, samplePath(route), route.body ? { body: {} } : {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Missing authentication' });
  });

  it('answers unknown routes and methods with a JSON 404', async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['DELETE', '/api/openapi.json'],
      ['PATCH', '/api/accounts/x'],
    ]) {
      const res = await api(method, path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Not Found' });
    }
  });
});
