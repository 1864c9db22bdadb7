import { businessRule, forbidden, type BusinessRuleCode } from '../errors/classes';
import type { Account, AccountDirectory } from './account-directory';
import { keptAccount } from './authenticate';
import type { IntegrationDirectory } from './integration-directory';
import { flagsIn, scopeIn, type Flag, type PermissionMatrix } from './permissions';
import { isTrusted, type Principal } from './principal';

/**
 * What authorization decides with: every group's permission grants, the accounts' records and the merchants'
 * integrations.
 */
export interface Authorization {
  permissions: PermissionMatrix;
  accounts: AccountDirectory;
  integrations: IntegrationDirectory;
}

/**
 * Account-scoped authorization for one request. The route's permission was already checked
 * against the caller's role; operations call `account()` with the account that owns the
 * resource they touch. A missing account and a foreign one both throw the same FORBIDDEN.
 */
export class Access {
  constructor(
    readonly principal: Principal,
    readonly permission: string,
    private readonly authorization: Authorization,
  ) {}

  /** Throws FORBIDDEN unless the caller's role holds the route's permission at all. */
  static forRoute(principal: Principal, permission: string, authorization: Authorization): Access {
    if (!scopeIn(authorization.permissions, principal.role, permission)) throw forbidden();
    return new Access(principal, permission, authorization);
  }

  /**
   * A second permission the operation's effect needs beyond the route's (paying spends an asset:
   * `assets:spend`). Throws FORBIDDEN unless the caller's role holds it.
   */
  also(permission: string): Access {
    return Access.forRoute(this.principal, permission, this.authorization);
  }

  /** Loads the account and checks the caller may act on its resources under this permission. */
  async account(accountId: string): Promise<Account> {
    const { principal } = this;
    return this.checked(
      accountId === principal.accountId ? principal.account : await this.authorization.accounts.findAccount(accountId),
    );
  }

  /**
   * `account()` for an operation that only needs to know the caller may act there, and shows or changes nothing of
   * the account (a payer paying a merchant's request): the account as this instance keeps it for authorization
   * (core/auth/authenticate.ts `keptAccount`), so a merchant's busy till costs no read of its account per request.
   */
  async authorize(accountId: string): Promise<void> {
    const { principal, authorization } = this;
    this.checked(
      accountId === principal.accountId
        ? principal.account
        : await keptAccount(accountId, (id) => authorization.accounts.findAccount(id)),
    );
  }

  private checked(target: Account | undefined): Account {
    if (!target || !this.reaches(target) || !this.flagsHold(target)) throw forbidden();
    return target;
  }

  /**
   * Like `account()`, for a resource of one merchant of the account: an `integration` grant also
   * reaches a merchant of another account whose active integration names the caller's account.
   */
  async merchantAccount(accountId: string, merchantId: string): Promise<Account> {
    const { principal, authorization } = this;
    if (
      accountId === principal.accountId ||
      scopeIn(authorization.permissions, principal.role, this.permission) !== 'integration'
    ) {
      return this.account(accountId);
    }
    const [target, serves] = await Promise.all([
      authorization.accounts.findAccount(accountId),
      authorization.integrations.servesMerchant(principal.accountId, merchantId),
    ]);
    if (!target || !(serves || this.ownsAccount(target)) || !this.flagsHold(target)) throw forbidden();
    return target;
  }

  /**
   * Like `account()`, but a global grant does not reach: for listings across a merchant's
   * resources, which a global grant to read one resource by its id never opens.
   */
  async ownAccount(accountId: string): Promise<Account> {
    const target = await this.account(accountId);
    if (this.principal.role !== 'platform-operator' && !this.ownsAccount(target)) throw forbidden();
    return target;
  }

  /**
   * `account()` for records that only org accounts hold: an account the caller may act for that is
   * not an org answers the route's documented `code`; any other account, or one it may not act for,
   * FORBIDDEN (the `[org]` flag), so a foreign account's type never shows.
   */
  async orgAccount(accountId: string, code: BusinessRuleCode): Promise<Account> {
    const target = await this.authorization.accounts.findAccount(accountId);
    if (
      target &&
      target.type !== 'org' &&
      (this.principal.role === 'platform-operator' || (await this.isOwn(accountId)))
    )
      throw businessRule(code);
    return this.account(accountId);
  }

  /** Whether the account is the caller's own (or one it created), whatever the grant's scope. */
  async isOwn(accountId: string): Promise<boolean> {
    if (accountId === this.principal.accountId) return true;
    const target = await this.authorization.accounts.findAccount(accountId);
    return target !== undefined && this.ownsAccount(target);
  }

  /** Whether the route's permission reaches every account: what a search across accounts needs. */
  get global(): boolean {
    return scopeIn(this.authorization.permissions, this.principal.role, this.permission) === 'global';
  }

  private reaches(target: Account): boolean {
    // `integration` reaches another account's merchant only through `merchantAccount()`.
    return this.global || this.ownsAccount(target);
  }

  /** An account may act for itself and for the accounts it created (platforms onboarding businesses). */
  private ownsAccount(target: Account): boolean {
    return target.id === this.principal.accountId || target.parentAccountId === this.principal.accountId;
  }

  private flagsHold(target: Account): boolean {
    const flags = flagsIn(this.authorization.permissions, this.permission);
    if (flags.length === 0 || this.principal.role === 'platform-operator') return true;
    return flags.some((flag) => flagHolds(flag, target, this.principal));
  }
}

function flagHolds(flag: Flag, target: Account, principal: Principal): boolean {
  switch (flag) {
    case 'org':
      return target.type === 'org';
    case 'trusted-user':
      // API keys are issued to known integrators; users are trusted once their phone is verified.
      return isTrusted(principal);
    case 'external-asset-issuer':
    case 'collection-manager':
      return target.subscriptions.includes(flag);
  }
}
