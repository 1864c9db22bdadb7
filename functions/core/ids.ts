import { createHash, randomBytes } from 'node:crypto';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const ID_LENGTH = 22;

/** Prefixes fixed by the specification; entities not listed use unprefixed ids. */
export const ID_PREFIX = {
  tokenCollection: 'c',
  assetProgram: 'ap',
  assetProgramMembership: 'apm',
  assetProgramConfig: 'apc',
  merchantConfig: 'mc',
  paymentLink: 'pl',
  salesChannel: 'sc',
  salesChannelMembership: 'scm',
  connection: 'cn',
  webhook: 'wh',
  webhookDelivery: 'whd',
  businessOnboarding: 'bo',
} as const;

export type PrefixedEntity = keyof typeof ID_PREFIX;

/** 22 base58 characters (~128 bits) from the CSPRNG; rejection sampling keeps them uniform. */
export function randomBase58(length = ID_LENGTH): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 232) out += BASE58[byte % 58];
      if (out.length === length) break;
    }
  }
  return out;
}

export function newId(entity?: PrefixedEntity): string {
  const random = randomBase58();
  return entity ? `${ID_PREFIX[entity]}_${random}` : random;
}

/**
 * The same id for the same inputs (22 base58 characters of their SHA-256): for records that a
 * repeated message must find again instead of creating twice.
 */
export function derivedId(entity: PrefixedEntity | undefined, ...parts: string[]): string {
  let value = BigInt(`0x${createHash('sha256').update(parts.join('\n')).digest('hex')}`);
  let out = '';
  for (let i = 0; i < ID_LENGTH; i++) {
    out += BASE58[Number(value % 58n)];
    value /= 58n;
  }
  return entity ? `${ID_PREFIX[entity]}_${out}` : out;
}

/**
 * Every kind of id the API takes, defined once: the JSON-schema fragments of path parameters, query
 * and body fields (schemas/common.ts `idOf`) and the pipeline's path check (`isIdOf`) are generated
 * from these, so an impossible id is refused before any read. `maxLength` bounds what a kind's
 * pattern allows (ajv checks it first, cheaply, on a long string).
 */
export interface IdKind {
  readonly pattern: string;
  readonly maxLength: number;
}

const BASE58_CLASS = '[1-9A-HJ-NP-Za-km-z]';
const platformId = (prefix?: string): IdKind => ({
  pattern: `^${prefix ? `${prefix}_` : ''}${BASE58_CLASS}{${ID_LENGTH}}$`,
  maxLength: (prefix ? prefix.length + 1 : 0) + ID_LENGTH,
});
const shaped = (pattern: string, maxLength: number): IdKind => ({ pattern, maxLength });

const PREFIXED = Object.fromEntries(
  Object.entries(ID_PREFIX).map(([entity, prefix]) => [entity, platformId(prefix)]),
) as Record<PrefixedEntity, IdKind>;

export const ID_KINDS = {
  /** Platform ids without a prefix (accounts, merchants, payment requests, assets, …) and invitation codes. */
  id: platformId(),
  ...PREFIXED,
  /**
   * A merchant config id with or without its `mc_`: a legacy `clientId`, the config paths (the deprecated one takes it
   * bare).
   */
  merchantConfigAnyForm: shaped(
    `^(${ID_PREFIX.merchantConfig}_)?${BASE58_CLASS}{${ID_LENGTH}}$`,
    ID_PREFIX.merchantConfig.length + 1 + ID_LENGTH,
  ),
  /** The OIDC `sub` (Cognito's are UUIDs; the admin command's `--user-id` takes the same). */
  userId: shaped('^[A-Za-z0-9_-]{1,64}$', 64),
  apiKeyName: shaped('^[A-Za-z0-9_-]{1,64}$', 64),
  /** `CP-X4V-6NQ`, any case; its check symbol is the operation's (CHECKSUM_FAILED). */
  shortCode: shaped('^[Cc][Pp]-[0-9A-Za-z]{3}-[0-9A-Za-z]{3}$', 10),
  /** A patron code's barcode; its Luhn digit is the operation's (CHECKSUM_FAILED). */
  barcode: shaped('^[0-9]{16}$', 16),
  nzbn: shaped('^[0-9]{13}$', 13),
  /** A payment request's merchant condition: a numeric string. */
  conditionId: shaped('^[0-9]{1,9}$', 9),
  /** A wallet app's id, chosen at registration (`POST /api/wallets`). */
  walletApp: shaped('^[a-z0-9][a-z0-9-]{1,62}$', 63),
  patronCodeNamespace: shaped('^[a-z0-9-]{1,32}$', 32),
  /** A client's own id of a patron code or managed integration, looked up by it. */
  externalId: shaped('^[A-Za-z0-9_.:-]{1,128}$', 128),
  /** An asset type in a path (`svc.token.main`, `test`): dotted lower-case segments. */
  assetType: shaped('^[a-z0-9-]+(\\.[a-z0-9-]+){0,4}$', 64),
  /** A managed integration type in a path (which types exist is the operation's). */
  integrationType: shaped('^[a-z][a-z-]{0,31}$', 32),
  /** References a client chooses (externalRef, invoiceRef, …): any printable text, no control characters. */
  reference: shaped('^[^\\u0000-\\u001F\\u007F]{1,128}$', 128),
} as const satisfies Record<string, IdKind>;

export type IdKindName = keyof typeof ID_KINDS;

/**
 * The kind of every path parameter of the route table, by name (a build-time check refuses a route
 * whose parameter is missing here). `walletId` in a path names a wallet asset.
 */
const PATH_PARAMETERS = {
  accountId: 'id',
  apiKeyName: 'apiKeyName',
  userId: 'userId',
  assetId: 'id',
  assetType: 'assetType',
  walletId: 'id',
  walletAppId: 'walletApp',
  merchantId: 'id',
  configId: 'merchantConfigAnyForm',
  paymentRequestId: 'id',
  shortCode: 'shortCode',
  conditionId: 'conditionId',
  externalRef: 'reference',
  patronCodeId: 'id',
  barcode: 'barcode',
  namespace: 'patronCodeNamespace',
  externalId: 'externalId',
  webhookId: 'webhook',
  eventId: 'id',
  collectionId: 'tokenCollection',
  redemptionConditionId: 'id',
  assetTransferId: 'id',
  loyaltyProgramId: 'id',
  promotionId: 'id',
  mediaUploadId: 'id',
  bankAccountId: 'id',
  assetProgramId: 'assetProgram',
  assetProgramMembershipId: 'assetProgramMembership',
  assetProgramConfigId: 'assetProgramConfig',
  integrationRequestId: 'id',
  type: 'integrationType',
  bankAccountApprovalId: 'id',
  bankAccountConnectionIntentId: 'id',
  salesChannelId: 'salesChannel',
  connectionId: 'connection',
  paymentLinkId: 'paymentLink',
  code: 'id',
  invitationId: 'id',
  topupId: 'id',
  withdrawalId: 'id',
  fundsTransferId: 'id',
  businessId: 'id',
  onboardingRequestId: 'businessOnboarding',
  nzbn: 'nzbn',
  batchId: 'id',
  settlementId: 'id',
} as const satisfies Record<string, IdKindName>;

const compiled = new Map<IdKindName, RegExp>();
/** Whether `value` can be an id of that kind (length first: a long value costs no regex run). */
export function isIdOf(kind: IdKindName, value: string): boolean {
  const { pattern, maxLength } = ID_KINDS[kind];
  if (value.length > maxLength) return false;
  let regex = compiled.get(kind);
  if (!regex) {
    regex = new RegExp(pattern, 'u');
    compiled.set(kind, regex);
  }
  return regex.test(value);
}

/** The first path parameter that cannot be an id of its kind; parameters without a kind are not judged here. */
export function impossiblePathParameter(params: Readonly<Record<string, string | undefined>>): string | undefined {
  return Object.keys(params).find((name) => {
    const kind = pathParameterKind(name);
    const value = params[name];
    return kind !== undefined && value !== undefined && !isIdOf(kind, value);
  });
}

export const pathParameterKind = (name: string): IdKindName | undefined =>
  (PATH_PARAMETERS as Record<string, IdKindName>)[name];
