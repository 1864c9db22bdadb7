import { issueApiKey } from '../../functions/accounts/api-key-store';
import { ROLES, scopeOf, type Role } from '../../functions/core/auth/permissions';
import { ROUTES, routeKey, type Route } from '../../functions/routes';
import { api, FORBIDDEN, newAccount, type TestAccount } from '../support/api';
import { namesAccount, pathFor, schemaOf, validInstance } from '../support/route-fixtures';

/**
 * Generated from the route table and the roles matrix: every route × every role, on the key's
 * own account, on another account, and with no key. Nothing here is written per route.
 */
const authenticated = (ROUTES as readonly Route[]).filter((r) => r.authentication === 'apiKey');
const NO_SUCH_ACCOUNT = 'zzNoSuchAccount000000000';

let a: TestAccount;
let b: TestAccount;
const keys = new Map<Role, string>();

beforeAll(async () => {
  a = await newAccount();
  b = await newAccount();
  for (const role of ROLES) {
    const key = await issueApiKey({ accountId: a.accountId, name: `matrix-${role}`, role }, 'crn::service:test', new Date());
    keys.set(role, key.secret);
  }
}, 30_000);

function request(route: Route, key: string | undefined, accountId: string) {
  // A generous rate limit keeps the operator's valid PUT …/rate-limit from throttling the rest of the matrix.
  const body = route.body ? validInstance(schemaOf(route.body)!, { accountId, rateLimitPerMinute: 1_000_000 }) : undefined;
  return api(route.method, pathFor(route, accountId), { key, ...(body !== undefined ? { body } : {}) });
}

describe.each(authenticated.map((r) => [routeKey(r), r] as const))('%s', (_key, route) => {
  it('answers 401 without a key', async () => {
    const res = await request(route, undefined, NO_SUCH_ACCOUNT);
    expect(res.status).toBe(401);
  });

  it.each(ROLES.map((role) => [role]))('role %s: the matrix decides on its own account', async (role) => {
    const res = await request(route, keys.get(role as Role), a.accountId);
    expect(res.status).toBeLessThan(500);
    expect(res.status).not.toBe(401);
    if (!scopeOf(role as Role, route.permission!)) expect(res.body).toEqual(FORBIDDEN);
  });

  const accountScoped = ROLES.filter((role) => scopeOf(role, route.permission!) === 'account');
  if (namesAccount(route) && accountScoped.length) {
    it.each(accountScoped.map((role) => [role]))(
      'role %s: another account answers exactly like a missing one',
      async (role) => {
        const key = keys.get(role as Role);
        const foreign = await request(route, key, b.accountId);
        const missing = await request(route, key, NO_SUCH_ACCOUNT);
        expect(foreign.status).toBe(missing.status);
        expect(foreign.body).toEqual(missing.body);
        expect(foreign.body).toEqual(FORBIDDEN);
      },
    );
  }
});

it('a platform operator passes the permission check everywhere', async () => {
  for (const route of authenticated) {
    const res = await request(route, keys.get('platform-operator'), a.accountId);
    expect([route.path, res.status]).not.toEqual([route.path, 401]);
    expect(res.status).toBeLessThan(500);
  }
}, 60_000);
