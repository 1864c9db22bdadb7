import { issueApiKey } from '../../functions/accounts/api-key-store';
import { ROLES, type Flag, type Role } from '../../functions/core/auth/permissions';
import { flagsOf, scopeOf, type Permission } from '../../functions/permissions';
import { parseWrittenKeys, WRITTEN_KEYS_HEADER, type ItemKey } from '../../functions/core/db/capacity';
import { accountRateLimitKey, sourceRateLimitKey } from '../../functions/core/db/keys';
import { routeKey } from '../../functions/core/http/route';
import { ROUTES, type Route } from '../../functions/routes';
import { api, FORBIDDEN, newAccount, type Json } from '../support/api';
import { AMOUNT, FUNDS, namesResource, prepareCall, spentWalletField, Tenant } from '../support/matrix-fixtures';
import { balances } from '../support/payments';
import { pathFor } from '../support/route-fixtures';
import { joinByInvitation, newUser, userToken } from '../support/users';

/**
 * Generated from the route table and the roles matrix: every authenticated route × every role ×
 * resources of the key's own account (A) and of another (B), with real resources, so both spaces
 * are asserted. Signed-in users holding the member roles (account owner, cashier) of A run the same
 * cases with their access tokens and must get the answers API keys of the same role get. Allowed: 200 (or a business
 * code listed below). Denied: exactly the route's refusal, and nothing written but the rate limiter's bookkeeping. A
 * route whose effect needs a second permission (`alsoNeeds`: paying spends a wallet) is also run with the wallet on the
 * other side. Every route that moves value out of an asset needs `assets:spend` (MOVES_AN_ASSET, attack 1).
 */
const authenticated = (ROUTES as readonly Route[]).filter((r) => r.authentication === 'apiKey');

type Side = 'own' | 'foreign';
/** Roles users hold as members (docs/api/users-and-members.md), run as signed-in users too. */
const USER_ROLES = ['account-owner', 'cashier'] as const satisfies readonly Role[];
interface Case {
  /** `<route> · <role> · <where>`: the allow-list's key. */
  name: string;
  /** `<role> · <where>` (`user <role> · <where>` for a signed-in user). */
  label: string;
  route: Route;
  role: Role;
  /** A signed-in user of the role rather than an API key. */
  user: boolean;
  resources: Side;
  wallet: Side;
}
type ErrorBody = typeof FORBIDDEN;
type Verdict = { allowed: true } | { allowed: false; answer: ErrorBody };

/** Test accounts are orgs and API keys count as trusted users; no account here holds a subscription. */
const FLAG_HOLDS: Record<Flag, boolean> = {
  org: true,
  'trusted-user': true,
  'external-asset-issuer': false,
  'collection-manager': false,
};

/**
 * Global grants an operation narrows to the caller's own accounts (Access.ownAccount): reading a
 * request by its id is global, listing a merchant account's requests is not.
 */
const OWN_ACCOUNTS_ONLY = new Set(['GET /api/payment-requests/external-ref/{externalRef}']);

/**
 * Routes whose effect lands in the caller's own account whatever account's resource the path names:
 * a transfer sent through its claim page is claimed by whoever holds the link, into its own account.
 */
const INTO_CALLERS_ACCOUNT = new Set([
  'POST /api/asset-transfers/{assetTransferId}/claim',
  // An integration request is the caller's, whichever account's merchant it asks to serve.
  'POST /api/integration-requests',
]);

/**
 * Routes whose path names a resource only inside the caller's own account (a managed integration
 * by type and external id): no other account's can be named, so they run on the own side only.
 */
const CALLERS_NAMESPACE = new Set([
  'PUT /api/managed-integrations/{type}/{externalId}',
  'GET /api/managed-integrations/{type}/{externalId}',
]);

const refusal = (statusCode: 400 | 403, message: string): ErrorBody => ({
  statusCode,
  error: statusCode === 400 ? 'Bad Request' : 'Forbidden',
  message,
});
const LEGACY_NOT_FOUND = refusal(400, 'REQUEST_NOT_FOUND');
/**
 * Where another account's resource is refused with the route's documented "missing" answer instead
 * of FORBIDDEN: the legacy API's codes, and a lookup made only inside the caller's own account.
 */
const RESOURCE_REFUSALS: Readonly<Record<string, ErrorBody>> = {
  'POST /payments/api/requests.create': refusal(403, 'MERCHANT_CONFIGURATION_NOT_FOUND'),
  'GET /payments/api/requests.info': LEGACY_NOT_FOUND,
  'POST /payments/api/requests.pay': LEGACY_NOT_FOUND,
  'POST /payments/api/requests.cancel': LEGACY_NOT_FOUND,
  'POST /payments/api/requests.void': LEGACY_NOT_FOUND,
  'GET /api/patron-codes/{namespace}/external-id/{externalId}': refusal(403, 'PATRON_CODE_INVALID'),
  'GET /api/patron-codes/barcode/{barcode}': refusal(403, 'PATRON_CODE_INVALID'),
  'POST /api/patron-codes/{patronCodeId}/metadata': refusal(403, 'PATRON_CODE_INVALID'),
  'GET /api/assets/{assetType}/external-id/{externalId}': refusal(403, 'ASSET_NOT_FOUND'),
  // Another account's config is not found, like a missing one (a code is looked up only with the caller's config).
  'POST /api/decode': refusal(403, 'MERCHANT_CONFIG_NOT_FOUND'),
};
/**
 * Every route that moves value out of an asset: paying from it (a token's spend is a pay), sending
 * it, cancelling a send (the value held is the sender's) and withdrawing from it. Each needs
 * `assets:spend` on the asset's account besides its own permission, whatever the role's other
 * grants (attack 1: an external-asset-provider key sent its account's wallet to another account).
 * Refunds, voids, confirmations and releases return or draw down a payment along the path its payer
 * authorised, under the grants the matrix gives the merchant's roles, and need no more. (The hosted
 * checkout's test pay needs no key: it pays as its test payer's account owner, test/unit/hosted-checkout.test.ts.)
 */
const MOVES_AN_ASSET = [
  'POST /api/payment-requests/{paymentRequestId}/pay',
  'POST /payments/api/requests.pay',
  'POST /api/asset-transfers',
  'POST /api/asset-transfers/{assetTransferId}/cancel',
  'POST /api/withdrawals',
  // A promotion's money rewards are paid out of its owner's wallet, by no further call of the owner.
  'POST /api/loyalty-programs/{loyaltyProgramId}/promotions',
  // Archiving a token moves nothing, but takes its value out of use for good.
  'POST /api/assets/{assetId}/archive',
];
const SPEND: Permission = 'assets:spend';

/** A wallet the caller may not spend, where the route does not call it FORBIDDEN. */
const SPEND_REFUSALS: Readonly<Record<string, ErrorBody>> = {
  'POST /payments/api/requests.pay': refusal(403, 'INACTIVE_ASSET'),
};

/**
 * Allowed cases that end in a documented business code rather than 200, with the code. Kept
 * explicit so that it cannot grow unnoticed; every entry must still happen.
 */
const BUSINESS_CODES: Readonly<Record<string, string>> = {
  // A claim page is for others: the sender's own account cannot claim its transfer through it.
  ...Object.fromEntries(
    ['account-owner', 'external-asset-provider', 'platform-operator', 'user account-owner'].map((role) => [
      `POST /api/asset-transfers/{assetTransferId}/claim · ${role} · own`,
      'ASSET_TRANSFER_INVALID_RECIPIENT',
    ]),
  ),
  // A profile is a signed-in user's own: an API key, whatever its role, has none to change.
  ...Object.fromEntries(ROLES.map((role) => [`POST /api/me/profile/update · ${role} · own`, 'USER_TOKEN_REQUIRED'])),
  // The path names no account: the lookup is made in the caller's own, where another account's code is not found.
  'GET /api/patron-codes/{namespace}/external-id/{externalId} · platform-operator · foreign': 'PATRON_CODE_INVALID',
  'GET /api/assets/{assetType}/external-id/{externalId} · platform-operator · foreign': 'ASSET_NOT_FOUND',
  // Only the invitation's recipient (a user whose email is its alias) accepts it; no caller here is.
  ...Object.fromEntries(
    ['account-owner', 'user account-owner', 'platform-operator'].flatMap((who) =>
      (['own', 'foreign'] as const).map((side) => [
        `POST /api/invitations/{invitationId}/accept · ${who} · ${side}`,
        'RECIPIENT_ALIAS_MISMATCH',
      ]),
    ),
  ),
};

const alsoNeeds = (route: Route): readonly Permission[] => route.alsoNeeds ?? [];

const flagsHold = (role: Role, permission: Permission) =>
  role === 'platform-operator' ||
  flagsOf(permission).length === 0 ||
  flagsOf(permission).some((flag) => FLAG_HOLDS[flag]);

/**
 * `account` and `integration` grants reach the caller's own accounts (no integration request of
 * the fixtures names another account's merchant and is active); the platform operator's global
 * grant reaches every account, narrowed routes included.
 */
function reaches(route: Route, role: Role, permission: Permission, side: Side): boolean {
  const scope = scopeOf(role, permission);
  if (!scope || !flagsHold(role, permission)) return false;
  const global = scope === 'global' && (role === 'platform-operator' || !OWN_ACCOUNTS_ONLY.has(routeKey(route)));
  return global || side === 'own' || INTO_CALLERS_ACCOUNT.has(routeKey(route));
}

/** Roles are checked before resources, the route's permission before the one its effect also needs. */
function verdict({ route, role, resources, wallet }: Case): Verdict {
  const key = routeKey(route);
  const spends = alsoNeeds(route);
  const deny = (answer: ErrorBody = FORBIDDEN): Verdict => ({ allowed: false, answer });
  if (!scopeOf(role, route.permission!)) return deny();
  if (spends.some((permission) => !scopeOf(role, permission))) return deny(SPEND_REFUSALS[key]);
  if (!reaches(route, role, route.permission!, resources)) return deny(RESOURCE_REFUSALS[key]);
  if (spends.some((permission) => !reaches(route, role, permission, wallet))) return deny(SPEND_REFUSALS[key]);
  return { allowed: true };
}

function casesOf(route: Route): Case[] {
  const placements: [Side, Side][] =
    !namesResource(route) || CALLERS_NAMESPACE.has(routeKey(route))
      ? [['own', 'own']]
      : spentWalletField(route)
        ? [
            ['own', 'own'],
            ['foreign', 'own'],
            ['own', 'foreign'],
          ]
        : [
            ['own', 'own'],
            ['foreign', 'foreign'],
          ];
  const principals = [
    ...ROLES.map((role) => ({ role, user: false })),
    ...USER_ROLES.map((role) => ({ role, user: true })),
  ];
  return principals.flatMap(({ role, user }) =>
    placements.map(([resources, wallet]) => {
      const label =
        `${user ? 'user ' : ''}${role} · ` +
        `${spentWalletField(route) ? `${resources} request, ${wallet} wallet` : resources}`;
      return { name: `${routeKey(route)} · ${label}`, label, route, role, user, resources, wallet };
    }),
  );
}

const CASES = authenticated.flatMap(casesOf);

/** The rate limiter's bookkeeping: keys starting as every key its key builders make starts. */
function commonPrefix(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}
const RATE_LIMIT_PREFIX = commonPrefix(accountRateLimitKey('x').PK, sourceRateLimitKey('y').PK);

interface Outcome {
  status: number;
  body: Json;
  /** Items written besides the rate limiter's. */
  written: ItemKey[];
  /** The balances of the wallet the call spends or moves value out of, after the call. */
  balances?: { balance: string; available: string };
}

const tenants = {} as Record<Side, Tenant>;
/**
 * Each signed-in user's own pair of accounts (C, where they are a member, and D), so their cases
 * share no account, limit or hot wallet with the keys' cases or each other's.
 */
const userTenants = new Map<Role, Record<Side, Tenant>>();
const keys = new Map<Role, string>();
/** Signed-in members of A by role: their access token, acting in A. */
const users = new Map<Role, { userId: string; token: string }>();
const outcomes = new Map<string, Outcome | Error>();

async function run(c: Case): Promise<Outcome> {
  const sides = c.user ? userTenants.get(c.role)! : tenants;
  const wallet = sides[c.wallet];
  const call = await prepareCall(c.route, { resources: sides[c.resources], wallet });
  const credentials = c.user
    ? { token: users.get(c.role)!.token, account: sides.own.accountId }
    : { key: keys.get(c.role) };
  const res = await api(c.route.method, call.path, {
    ...credentials,
    ...(call.body !== undefined ? { body: call.body } : {}),
    ...(call.form ? { form: call.form } : {}),
  });
  const written = parseWrittenKeys(res.headers.get(WRITTEN_KEYS_HEADER)).filter(
    (key) => !key.PK.startsWith(RATE_LIMIT_PREFIX),
  );
  const outcome = { status: res.status, body: res.body, written };
  return call.spentWalletId
    ? { ...outcome, balances: await balances(wallet.account.apiKey, call.spentWalletId) }
    : outcome;
}

/** Runs every case `limit` at a time; a case whose fixtures fail records the error. */
async function runAll(limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < CASES.length) {
      const c = CASES[next++];
      outcomes.set(c.name, await run(c).catch((error: Error) => error));
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

beforeAll(async () => {
  const [a, b] = await Promise.all([newAccount(), newAccount()]);
  tenants.own = new Tenant(a);
  tenants.foreign = new Tenant(b);
  for (const role of ROLES) {
    const key = await issueApiKey(
      { accountId: a.accountId, name: `matrix-${role}`, role },
      'crn::service:test',
      new Date(),
    );
    keys.set(role, key.secret);
  }
  for (const role of USER_ROLES) {
    const [c, d] = await Promise.all([newAccount(), newAccount()]);
    userTenants.set(role, { own: new Tenant(c), foreign: new Tenant(d) });
    // A verified phone: the trusted-user flag API keys hold.
    const user = await newUser({ phoneNumber: '+64210000000' });
    await joinByInvitation(c, user, role);
    users.set(role, user);
  }
  await runAll(8);
  // Every route's real fixtures (the consent flow, approvals, bank accounts, funded wallets and invitations for
  // every case that moves an asset) on a loaded 2-core machine: some 400 s were seen with other work beside it.
}, 1_500_000);

afterAll(() => {
  const lines = CASES.flatMap((c) => {
    const outcome = outcomes.get(c.name);
    const answered =
      outcome instanceof Error ? outcome.message : outcome?.status === 200 ? undefined : JSON.stringify(outcome?.body);
    return verdict(c).allowed && answered
      ? [`  ${c.name}: ${answered}${c.name in BUSINESS_CODES ? ' (listed)' : ''}`]
      : [];
  });
  console.info(
    `authorization matrix: ${CASES.length} cases; allowed ones not answered 200:\n${lines.join('\n') || '  none'}`,
  );
});

let bad: Promise<[string, string]> | undefined;
/** A signed-in account owner's token an hour past its expiry, and one whose claims were changed after signing. */
function badTokens(): Promise<[string, string]> {
  bad ??= (async () => {
    const owner = users.get('account-owner')!;
    const expired = await userToken(owner.userId, { now: new Date(Date.now() - 2 * 3600_000) });
    const [header, payload, signature] = owner.token.split('.');
    const claims = {
      ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
      exp: Math.floor(Date.now() / 1000) + 86_400,
    };
    return [expired, `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`];
  })();
  return bad;
}

function outcomeOf(name: string): Outcome {
  const outcome = outcomes.get(name);
  if (outcome instanceof Error) throw outcome;
  if (!outcome) throw new Error(`case did not run: ${name}`);
  return outcome;
}

describe.each(authenticated.map((route) => [routeKey(route), route] as const))('%s', (_key, route) => {
  it('answers 401 without a key, and to an expired or forged access token', async () => {
    const path = pathFor(route, 'zzNoSuchAccountzzzzzzz');
    expect((await api(route.method, path)).status).toBe(401);
    const [expired, forged] = await badTokens();
    expect((await api(route.method, path, { token: expired })).status).toBe(401);
    expect((await api(route.method, path, { token: forged })).status).toBe(401);
  });

  it.each(casesOf(route).map((c) => [c.label, c] as const))('%s', (_label, c) => {
    const outcome = outcomeOf(c.name);
    const decided = verdict(c);
    if (!decided.allowed) {
      const { status, body, written } = outcome;
      expect({ status, body, written }).toEqual({
        status: decided.answer.statusCode,
        body: decided.answer,
        written: [],
      });
      if (outcome.balances) expect(outcome.balances).toEqual({ balance: FUNDS, available: FUNDS });
      return;
    }
    const code = BUSINESS_CODES[c.name];
    if (code) {
      expect({ clientError: outcome.status >= 400 && outcome.status < 500, message: outcome.body.message }).toEqual({
        clientError: true,
        message: code,
      });
    } else {
      expect({ status: outcome.status, body: outcome.body }).toEqual({ status: 200, body: expect.anything() });
    }
    // A pay takes AMOUNT; a transfer or a withdrawal holds it (available falls, balance follows when it settles).
    if (outcome.balances)
      expect(BigInt(outcome.balances.available)).toBe(BigInt(FUNDS) - (outcome.status === 200 ? BigInt(AMOUNT) : 0n));
  });
});

it('lists only business codes that still happen, none of them FORBIDDEN', () => {
  for (const [name, code] of Object.entries(BUSINESS_CODES)) {
    expect(code).toMatch(/^(?!FORBIDDEN$)[A-Z][A-Z0-9_]+$/);
    expect([name, outcomeOf(name).body.message]).toEqual([name, code]);
  }
});

describe('attack 1: every route that moves an asset out needs assets:spend', () => {
  it('the route table names assets:spend for exactly those routes', () => {
    const declared = authenticated.filter((route) => alsoNeeds(route).includes(SPEND)).map(routeKey);
    expect(declared.sort()).toEqual([...MOVES_AN_ASSET].sort());
  });

  // Independent of verdict(): which roles are refused follows from the grant of assets:spend alone.
  const moving = CASES.filter((c) => MOVES_AN_ASSET.includes(routeKey(c.route)));
  const withoutSpend = moving.filter((c) => !scopeOf(c.role, SPEND));
  it.each(withoutSpend.map((c) => [c.name, c] as const))(
    '%s: refused, nothing written, the asset untouched',
    (_name, c) => {
      const { status, body, written, balances: after } = outcomeOf(c.name);
      const refusals = [FORBIDDEN, SPEND_REFUSALS[routeKey(c.route)]].filter(Boolean);
      expect({ status, written }).toEqual({ status: 403, written: [] });
      expect(refusals).toContainEqual(body);
      if (after) expect(after).toEqual({ balance: FUNDS, available: FUNDS });
    },
  );

  it.each(MOVES_AN_ASSET)('%s: an account owner still moves its own asset', (key) => {
    const own = moving.filter(
      (c) =>
        routeKey(c.route) === key &&
        c.role === 'account-owner' &&
        !c.user &&
        c.resources === 'own' &&
        c.wallet === 'own',
    );
    expect(own.map((c) => outcomeOf(c.name).status)).toEqual([200]);
  });
});
