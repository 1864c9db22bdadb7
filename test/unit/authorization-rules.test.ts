import type { Account } from '../../functions/core/auth/account-directory';
import { Access, type Authorization } from '../../functions/core/auth/access';
import { changesAuthentication, keptAccount } from '../../functions/core/auth/authenticate';
import {
  API_KEY_ROLES,
  flagsIn,
  MEMBER_ROLES,
  own,
  ROLES,
  scopeIn,
  type PermissionMatrix,
  type Role,
} from '../../functions/core/auth/permissions';
import type { Principal } from '../../functions/core/auth/principal';

/**
 * The authorization rules on their own (functions/core/auth): the matrix's grants and scopes, and
 * what an Access lets an operation reach. Run by `npm run test:mutation` against these modules.
 */

const MATRIX: PermissionMatrix = {
  'things:read': { flags: [], roles: own('account-owner', 'cashier') },
  'things:read-any': { flags: [], roles: { 'account-owner': 'global' } },
  'things:create': { flags: [], roles: { 'merchant-terminal': 'integration', 'account-owner': 'account' } },
  'assets:spend': { flags: ['trusted-user'], roles: own('account-owner') },
  'transfers:create': {
    flags: ['trusted-user', 'external-asset-issuer'],
    roles: own('account-owner', 'external-asset-provider'),
  },
  'orgs:write': { flags: ['org'], roles: own('account-owner') },
  'collections:write': { flags: ['collection-manager'], roles: own('account-owner') },
};

const account = (id: string, more: Partial<Account> = {}): Account => ({
  id,
  name: id,
  type: 'org',
  subscriptions: [],
  ...more,
});
const HOME = account('home');
const CHILD = account('child', { parentAccountId: 'home' });
const FOREIGN = account('foreign');
const PERSON = account('person', { type: 'individual', parentAccountId: 'home' });
const STRANGER = account('stranger', { type: 'individual' });
const ISSUER = account('issuer', { subscriptions: ['external-asset-issuer'] });
const MANAGER = account('manager', { subscriptions: ['collection-manager'] });
const ACCOUNTS = [HOME, CHILD, FOREIGN, PERSON, STRANGER, ISSUER, MANAGER];

function authorization(serves: string[] = []) {
  const findAccount = jest.fn(async (id: string) => ACCOUNTS.find((a) => a.id === id));
  const servesMerchant = jest.fn(async (_accountId: string, merchantId: string) => serves.includes(merchantId));
  const auth: Authorization = {
    permissions: MATRIX,
    accounts: { findAccount, findApiKey: jest.fn(), findUser: jest.fn(), findMembership: jest.fn() },
    integrations: { servesMerchant },
  };
  return { auth, findAccount, servesMerchant };
}

const principal = (role: Role, more: Partial<Principal> = {}): Principal => ({
  kind: 'apiKey',
  accountId: HOME.id,
  account: HOME,
  role,
  crn: 'crn::test',
  ...more,
});
const FORBIDDEN = { statusCode: 403, message: 'FORBIDDEN' };
const refusal = async (work: () => Promise<unknown>) => {
  const error = await work().then(
    () => undefined,
    (e: { statusCode: number; message: string }) => e,
  );
  return error && { statusCode: error.statusCode, message: error.message };
};

describe('the matrix (core/auth/permissions.ts)', () => {
  it('names the roles, those API keys may hold and those members may hold', () => {
    expect(ROLES).toEqual([
      'account-owner',
      'anon-consumer',
      'merchant-terminal',
      'external-asset-provider',
      'cashier',
      'platform-operator',
    ]);
    expect(API_KEY_ROLES).toEqual(['account-owner', 'merchant-terminal']);
    expect(MEMBER_ROLES).toEqual(['account-owner', 'cashier']);
  });

  it('own() grants each role named on its own account', () => {
    expect(own('account-owner', 'cashier')).toEqual({ 'account-owner': 'account', cashier: 'account' });
    expect(own()).toEqual({});
  });

  it('scopeIn: the role’s scope, none for a role not granted, global for the operator whatever the grant', () => {
    expect(scopeIn(MATRIX, 'account-owner', 'things:read')).toBe('account');
    expect(scopeIn(MATRIX, 'account-owner', 'things:read-any')).toBe('global');
    expect(scopeIn(MATRIX, 'merchant-terminal', 'things:create')).toBe('integration');
    expect(scopeIn(MATRIX, 'anon-consumer', 'things:read')).toBeUndefined();
    expect(scopeIn(MATRIX, 'platform-operator', 'things:read')).toBe('global');
    expect(scopeIn(MATRIX, 'platform-operator', 'no:such')).toBe('global');
  });

  it('flagsIn: the permission’s flags; a permission no group grants is a bug, named', () => {
    expect(flagsIn(MATRIX, 'transfers:create')).toEqual(['trusted-user', 'external-asset-issuer']);
    expect(flagsIn(MATRIX, 'things:read')).toEqual([]);
    expect(() => flagsIn(MATRIX, 'no:such')).toThrow('no group grants the permission no:such');
    expect(() => scopeIn(MATRIX, 'cashier', 'no:such')).toThrow('no group grants the permission no:such');
  });
});

describe('Access.forRoute and also()', () => {
  it('refuses a role without the permission, and a second permission the role lacks', () => {
    const { auth } = authorization();
    expect(() => Access.forRoute(principal('anon-consumer'), 'things:read', auth)).toThrow('FORBIDDEN');
    const cashier = Access.forRoute(principal('cashier'), 'things:read', auth);
    expect(cashier.permission).toBe('things:read');
    expect(() => cashier.also('assets:spend')).toThrow('FORBIDDEN');
    const owner = Access.forRoute(principal('account-owner'), 'things:read', auth).also('assets:spend');
    expect([owner.permission, owner.principal.role]).toEqual(['assets:spend', 'account-owner']);
  });
});

describe('Access.account()', () => {
  const access = (role: Role, permission: string, more: Partial<Principal> = {}) => {
    const a = authorization();
    return { ...a, access: Access.forRoute(principal(role, more), permission, a.auth) };
  };

  it('the caller’s own account is the one it authenticated with: not read again', async () => {
    const { access: own, findAccount } = access('account-owner', 'things:read');
    await expect(own.account(HOME.id)).resolves.toBe(HOME);
    expect(findAccount).not.toHaveBeenCalled();
  });

  it(
    'an account grant reaches accounts the caller created, ' + 'not another’s, nor a missing one (the same FORBIDDEN)',
    async () => {
      const { access: owner, findAccount } = access('account-owner', 'things:read');
      await expect(owner.account(CHILD.id)).resolves.toBe(CHILD);
      expect(findAccount).toHaveBeenCalledWith(CHILD.id);
      expect(await refusal(() => owner.account(FOREIGN.id))).toEqual(FORBIDDEN);
      expect(await refusal(() => owner.account('missing'))).toEqual(FORBIDDEN);
    },
  );

  it('a global grant reaches any account that exists; the operator too', async () => {
    const { access: reader } = access('account-owner', 'things:read-any');
    await expect(reader.account(FOREIGN.id)).resolves.toBe(FOREIGN);
    expect(await refusal(() => reader.account('missing'))).toEqual(FORBIDDEN);
    await expect(access('platform-operator', 'things:read').access.account(FOREIGN.id)).resolves.toBe(FOREIGN);
  });

  it('an integration grant reaches no other account through account()', async () => {
    const { access: terminal } = access('merchant-terminal', 'things:create');
    expect(await refusal(() => terminal.account(FOREIGN.id))).toEqual(FORBIDDEN);
  });

  it(
    'trusted-user: API keys and users whose phone is verified; not a user without (or with an unknown) ' +
      'verification',
    async () => {
      await expect(access('account-owner', 'assets:spend').access.account(HOME.id)).resolves.toBe(HOME);
      const user = (trusted: boolean | undefined) =>
        access('account-owner', 'assets:spend', {
          kind: 'user',
          userId: 'u',
          ...(trusted === undefined ? {} : { trusted }),
        }).access;
      await expect(user(true).account(HOME.id)).resolves.toBe(HOME);
      expect(await refusal(() => user(false).account(HOME.id))).toEqual(FORBIDDEN);
      expect(await refusal(() => user(undefined).account(HOME.id))).toEqual(FORBIDDEN);
      // The operator holds every flag.
      await expect(
        access('platform-operator', 'assets:spend', { kind: 'user', trusted: false }).access.account(HOME.id),
      ).resolves.toBe(HOME);
    },
  );

  it('flags: any one of a permission’s flags holds (an untrusted user of an issuing account sends)', async () => {
    const untrusted = { kind: 'user' as const, trusted: false };
    const issuer = Access.forRoute(
      principal('account-owner', { ...untrusted, accountId: ISSUER.id, account: ISSUER }),
      'transfers:create',
      authorization().auth,
    );
    await expect(issuer.account(ISSUER.id)).resolves.toBe(ISSUER);
    expect(await refusal(() => access('account-owner', 'transfers:create', untrusted).access.account(HOME.id))).toEqual(
      FORBIDDEN,
    );
  });

  it('org: the target is an org account; collection-manager: it holds the subscription', async () => {
    const { access: orgs } = access('account-owner', 'orgs:write');
    await expect(orgs.account(CHILD.id)).resolves.toBe(CHILD);
    expect(await refusal(() => orgs.account(PERSON.id))).toEqual(FORBIDDEN);
    const manager = Access.forRoute(
      principal('account-owner', { accountId: MANAGER.id, account: MANAGER }),
      'collections:write',
      authorization().auth,
    );
    await expect(manager.account(MANAGER.id)).resolves.toBe(MANAGER);
    expect(await refusal(() => access('account-owner', 'collections:write').access.account(HOME.id))).toEqual(
      FORBIDDEN,
    );
  });
});

describe('Access.authorize() and the accounts an instance keeps (keptAccount)', () => {
  const LIVE_TTL_MS = 30_000;
  const TEST_TTL_MS = 1_000;
  let clock = 0;
  let ids = 0;
  beforeEach(() => {
    clock = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => clock);
  });
  afterEach(() => jest.restoreAllMocks());
  /** A directory holding one fresh account (ids never repeat: the kept accounts outlive a test). */
  const directory = (more: Partial<Account> = {}) => {
    const target = account(`kept-${++ids}`, more);
    const findAccount = jest.fn(async (id: string) => (id === target.id ? target : undefined));
    return { target, findAccount };
  };

  it('authorizes as account() does: a global grant reaches it, an account grant does not, flags hold', async () => {
    const { auth } = authorization();
    await expect(
      Access.forRoute(principal('account-owner'), 'things:read-any', auth).authorize(FOREIGN.id),
    ).resolves.toBeUndefined();
    expect(
      await refusal(() => Access.forRoute(principal('cashier'), 'things:read', auth).authorize(FOREIGN.id)),
    ).toEqual(FORBIDDEN);
    expect(
      await refusal(() => Access.forRoute(principal('account-owner'), 'things:read', auth).authorize('missing')),
    ).toEqual(FORBIDDEN);
    const orgs = Access.forRoute(principal('account-owner'), 'orgs:write', auth);
    await expect(orgs.authorize(CHILD.id)).resolves.toBeUndefined();
    expect(await refusal(() => orgs.authorize(PERSON.id))).toEqual(FORBIDDEN);
  });

  it('the caller’s own account is not read; another is read once and kept', async () => {
    const { target, findAccount } = directory();
    const auth = authorization().auth;
    auth.accounts.findAccount = findAccount;
    const access = Access.forRoute(principal('account-owner'), 'things:read-any', auth);
    await access.authorize(HOME.id);
    expect(findAccount).not.toHaveBeenCalled();
    await access.authorize(target.id);
    await access.authorize(target.id);
    expect(findAccount).toHaveBeenCalledTimes(1);
  });

  it('a live account is kept 30 s, a test account 1 s, each from before its read', async () => {
    const live = directory();
    await keptAccount(live.target.id, live.findAccount);
    clock += LIVE_TTL_MS - 1;
    await expect(keptAccount(live.target.id, live.findAccount)).resolves.toBe(live.target);
    expect(live.findAccount).toHaveBeenCalledTimes(1);
    clock += 1;
    await keptAccount(live.target.id, live.findAccount);
    expect(live.findAccount).toHaveBeenCalledTimes(2);

    const test = directory({ test: true, testClockOffsetSeconds: 60 });
    await keptAccount(test.target.id, test.findAccount);
    clock += TEST_TTL_MS - 1;
    await keptAccount(test.target.id, test.findAccount);
    expect(test.findAccount).toHaveBeenCalledTimes(1);
    clock += 1;
    await keptAccount(test.target.id, test.findAccount);
    expect(test.findAccount).toHaveBeenCalledTimes(2);
  });

  it('keeps no missing account and no failed read; concurrent readers share one read', async () => {
    const { findAccount } = directory();
    await expect(keptAccount('nobody', findAccount)).resolves.toBeUndefined();
    await keptAccount('nobody', findAccount);
    expect(findAccount).toHaveBeenCalledTimes(2);
    const failing = jest.fn().mockRejectedValueOnce(new Error('throttled')).mockResolvedValue(HOME);
    await expect(keptAccount('flaky', failing)).rejects.toThrow('throttled');
    await expect(keptAccount('flaky', failing)).resolves.toBe(HOME);
    const shared = directory();
    await Promise.all([
      keptAccount(shared.target.id, shared.findAccount),
      keptAccount(shared.target.id, shared.findAccount),
    ]);
    expect(shared.findAccount).toHaveBeenCalledTimes(1);
  });

  it('an account changed on this instance is read afresh at once (changesAuthentication)', async () => {
    const { target, findAccount } = directory();
    await keptAccount(target.id, findAccount);
    await changesAuthentication(async () => undefined)({ params: { accountId: target.id } });
    await keptAccount(target.id, findAccount);
    expect(findAccount).toHaveBeenCalledTimes(2);
  });
});

describe('Access.merchantAccount()', () => {
  const terminal = (serves: string[] = []) => {
    const a = authorization(serves);
    return { ...a, access: Access.forRoute(principal('merchant-terminal'), 'things:create', a.auth) };
  };

  it('an integration grant reaches another account’s merchant whose active integration names the caller', async () => {
    const { access, servesMerchant, findAccount } = terminal(['m1']);
    await expect(access.merchantAccount(FOREIGN.id, 'm1')).resolves.toBe(FOREIGN);
    expect(servesMerchant).toHaveBeenCalledWith(HOME.id, 'm1');
    expect(findAccount).toHaveBeenCalledWith(FOREIGN.id);
    expect(await refusal(() => access.merchantAccount(FOREIGN.id, 'm2'))).toEqual(FORBIDDEN);
    expect(await refusal(() => access.merchantAccount('missing', 'm1'))).toEqual(FORBIDDEN);
  });

  it('and the merchants of its own accounts, with no integration', async () => {
    const { access, servesMerchant } = terminal();
    await expect(access.merchantAccount(HOME.id, 'm1')).resolves.toBe(HOME);
    expect(servesMerchant).not.toHaveBeenCalled();
    await expect(access.merchantAccount(CHILD.id, 'm1')).resolves.toBe(CHILD);
  });

  it('an integration reaching the merchant still needs the permission’s flags', async () => {
    const a = authorization(['m1']);
    const matrix: PermissionMatrix = {
      ...MATRIX,
      'orgs:create': { flags: ['org'], roles: { 'merchant-terminal': 'integration' } },
    };
    const access = Access.forRoute(principal('merchant-terminal'), 'orgs:create', { ...a.auth, permissions: matrix });
    expect(await refusal(() => access.merchantAccount(STRANGER.id, 'm1'))).toEqual(FORBIDDEN);
    await expect(access.merchantAccount(FOREIGN.id, 'm1')).resolves.toBe(FOREIGN);
  });

  it('any other grant is account(): the integration is never asked', async () => {
    const a = authorization(['m1']);
    const owner = Access.forRoute(principal('account-owner'), 'things:create', a.auth);
    expect(await refusal(() => owner.merchantAccount(FOREIGN.id, 'm1'))).toEqual(FORBIDDEN);
    expect(a.servesMerchant).not.toHaveBeenCalled();
  });
});

describe('Access.ownAccount(), orgAccount() and isOwn()', () => {
  it('ownAccount: a global grant stops at the caller’s own accounts; the operator’s does not', async () => {
    const { auth } = authorization();
    const reader = Access.forRoute(principal('account-owner'), 'things:read-any', auth);
    expect(await refusal(() => reader.ownAccount(FOREIGN.id))).toEqual(FORBIDDEN);
    await expect(reader.ownAccount(HOME.id)).resolves.toBe(HOME);
    await expect(reader.ownAccount(CHILD.id)).resolves.toBe(CHILD);
    await expect(
      Access.forRoute(principal('platform-operator'), 'things:read-any', auth).ownAccount(FOREIGN.id),
    ).resolves.toBe(FOREIGN);
  });

  it(
    'orgAccount: the route’s code for an account the caller may act for that is no org; FORBIDDEN for a foreign ' +
      'one',
    async () => {
      const { auth } = authorization();
      const owner = Access.forRoute(principal('account-owner'), 'things:read', auth);
      expect(await refusal(() => owner.orgAccount(PERSON.id, 'ACCOUNT_TYPE_INVALID'))).toEqual({
        statusCode: 403,
        message: 'ACCOUNT_TYPE_INVALID',
      });
      expect(await refusal(() => owner.orgAccount(STRANGER.id, 'ACCOUNT_TYPE_INVALID'))).toEqual(FORBIDDEN);
      expect(await refusal(() => owner.orgAccount('missing', 'ACCOUNT_TYPE_INVALID'))).toEqual(FORBIDDEN);
      await expect(owner.orgAccount(CHILD.id, 'ACCOUNT_TYPE_INVALID')).resolves.toBe(CHILD);
      const operator = Access.forRoute(principal('platform-operator'), 'things:read', auth);
      expect(await refusal(() => operator.orgAccount(STRANGER.id, 'ACCOUNT_TYPE_INVALID'))).toEqual({
        statusCode: 403,
        message: 'ACCOUNT_TYPE_INVALID',
      });
    },
  );

  it('isOwn: the caller’s account without a read, the accounts it created, nothing else', async () => {
    const { auth, findAccount } = authorization();
    const access = Access.forRoute(principal('cashier'), 'things:read', auth);
    expect(await access.isOwn(HOME.id)).toBe(true);
    expect(findAccount).not.toHaveBeenCalled();
    expect(await access.isOwn(CHILD.id)).toBe(true);
    expect(await access.isOwn(FOREIGN.id)).toBe(false);
    expect(await access.isOwn('missing')).toBe(false);
  });
});
