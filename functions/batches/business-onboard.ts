import { findProgram } from '../asset-programs';
import { companyRegister, onboardedAccount, ONBOARDING_REGION, REGISTER_NOT_CONFIGURED } from '../businesses';
import { findSalesChannel } from '../sales-channels';
import { location } from '../../schemas/common';
import { ID_PREFIX, derivedId } from '../core/ids';
import { runTransaction, type TransactionStep } from '../core/db/transaction';
import { ApiError, hasCode } from '../core/errors/classes';
import type { TableKey } from '../core/db/entity';
import { externalMerchantEntity, onboardingRecordEntity, type StoredBatch } from './entities';

/**
 * The `business-onboard` batch type: each CSV record onboards a business in a new org account of the
 * submitting account's (its child, named after the business), with one merchant. The documented
 * columns; `nzbn`, `tradingName`, `chargeAccountNumber` (defaults to `settlementAccountNumber`), the
 * merchant's address parts, `deviceId` / `deviceSerialNumber` (one of them) and `deviceModel` may be
 * empty. The asset program and sales channel are checked as the API's onboarding checks them (a published
 * program and a channel, each of the batch's liveness, the channel's required device fields given); joining them
 * is left to those groups, and their ids are kept with the onboarding record.
 */
const REQUIRED = [
  'companyName',
  'contactName',
  'primaryContactEmail',
  'externalBusinessId',
  'categoryCode',
  'settlementAccountNumber',
  'assetProgramId',
  'merchantName',
  'merchantCountry',
  'merchantType',
  'externalMerchantId',
  'salesChannelId',
] as const;
const OPTIONAL = [
  'nzbn',
  'tradingName',
  'chargeAccountNumber',
  'merchantStreet',
  'merchantSuburb',
  'merchantCity',
  'merchantState',
  'merchantPostcode',
  'deviceId',
  'deviceSerialNumber',
  'deviceModel',
] as const;
const COLUMNS: readonly string[] = [...REQUIRED, ...OPTIONAL];

/** Kept with the onboarding record (what no business or merchant field holds). */
const DETAILS = [
  'contactName',
  'primaryContactEmail',
  'settlementAccountNumber',
  'chargeAccountNumber',
  'assetProgramId',
  'salesChannelId',
  'deviceId',
  'deviceSerialNumber',
  'deviceModel',
] as const;

/** Businesses onboarded this way are New Zealand companies, in NZ org accounts. */
const REGION = ONBOARDING_REGION;

type Row = Record<(typeof COLUMNS)[number], string>;

/** A record the batch could not onboard: its message goes to the batch's errors. */
export class RowError extends Error {}

/** Why a header cannot be read as this type's, if it cannot. */
export function headerProblem(header: readonly string[]): string | undefined {
  const missing = REQUIRED.filter((column) => !header.includes(column));
  if (missing.length) return `missing columns: ${missing.join(', ')}`;
  const unknown = header.filter((column) => !COLUMNS.includes(column));
  if (unknown.length) return `unknown columns: ${unknown.join(', ')}`;
  if (new Set(header).size !== header.length) return 'a column is named twice';
  return undefined;
}

/** The fields that must be unique across records (a later record repeating one is refused). */
export function uniqueFields(header: readonly string[], row: readonly string[]): string[] {
  const value = (column: string) => row[header.indexOf(column)]?.trim();
  return ['externalBusinessId', 'externalMerchantId', 'nzbn'].flatMap((column) =>
    value(column) ? [`${column} ${value(column)}`] : [],
  );
}

/** The record's external business id, the reference its errors carry. */
export function externalIdOf(header: readonly string[], row: readonly string[]): string | undefined {
  return row[header.indexOf('externalBusinessId')]?.trim() || undefined;
}

function recordOf(header: readonly string[], row: readonly string[]): Row {
  if (row.length !== header.length) throw new RowError(`has ${row.length} fields, the header ${header.length}`);
  const record = Object.fromEntries(COLUMNS.map((column) => [column, ''])) as Row;
  for (const [i, column] of header.entries()) record[column] = row[i].trim();
  return record;
}

const RULES: readonly [keyof Row, RegExp, string][] = [
  ['nzbn', /^([0-9]{13})?$/, 'must be 13 digits'],
  ['primaryContactEmail', /^[^@\s]{1,64}@[^@\s]+\.[^@\s]+$/, 'must be an email address'],
  ['externalBusinessId', /^[A-Za-z0-9._:-]{1,64}$/, 'must be 1 to 64 letters, digits or ._:-'],
  ['externalMerchantId', /^[A-Za-z0-9._:-]{1,64}$/, 'must be 1 to 64 letters, digits or ._:-'],
  ['categoryCode', /^[0-9]{4}$/, 'must be 4 digits'],
  ['settlementAccountNumber', /^[0-9]{2}-?[0-9]{4}-?[0-9]{7}-?[0-9]{2,3}$/, 'must be a bank account number'],
  ['chargeAccountNumber', /^([0-9]{2}-?[0-9]{4}-?[0-9]{7}-?[0-9]{2,3})?$/, 'must be a bank account number'],
  [
    'assetProgramId',
    new RegExp(`^${ID_PREFIX.assetProgram}_[A-Za-z0-9]{1,60}$`),
    `must be an asset program id (${ID_PREFIX.assetProgram}_…)`,
  ],
  [
    'salesChannelId',
    new RegExp(`^${ID_PREFIX.salesChannel}_[A-Za-z0-9]{1,60}$`),
    `must be a sales channel id (${ID_PREFIX.salesChannel}_…)`,
  ],
  ['merchantType', /^(physical|e-commerce)$/, 'must be physical or e-commerce'],
  ['merchantCountry', new RegExp(`^${REGION}$`), `must be ${REGION}`],
];

/**
 * The longest each column may be: what the field it fills takes through the API (account and merchant names,
 * an address's parts, the onboarding API's contact and device fields), so nothing is made that the API could not make
 * or update as it is. Other columns: 256, or their pattern's.
 */
const LENGTH_LIMITS: Partial<Record<keyof Row, number>> = {
  companyName: 128,
  tradingName: 128,
  merchantName: 128,
  contactName: 100,
  primaryContactEmail: 254,
  merchantStreet: location.properties.street.maxLength,
  merchantSuburb: location.properties.suburb.maxLength,
  merchantCity: location.properties.city.maxLength,
  merchantState: location.properties.state.maxLength,
  merchantPostcode: location.properties.postCode.maxLength,
  deviceId: 35,
  deviceSerialNumber: 35,
  deviceModel: 100,
};

function check(record: Row): void {
  for (const column of REQUIRED) if (!record[column]) throw new RowError(`${column} is required`);
  for (const [column, pattern, rule] of RULES)
    if (!pattern.test(record[column])) throw new RowError(`${column} ${rule}`);
  for (const column of COLUMNS) {
    const limit = LENGTH_LIMITS[column] ?? 256;
    if (record[column].length > limit) throw new RowError(`${column} must be at most ${limit} characters`);
  }
  if (!record.deviceId && !record.deviceSerialNumber)
    throw new RowError('one of deviceId or deviceSerialNumber is required');
  if (record.merchantType === 'physical') {
    for (const column of ['merchantStreet', 'merchantCity', 'merchantState'] as const) {
      if (!record[column]) throw new RowError(`${column} is required for a physical merchant`);
    }
  }
}

/** Thrown for a record whose writes were committed by an earlier delivery of its chunk. */
export class AlreadyOnboarded extends Error {}

/** A record checked and turned into its writes. */
export interface PreparedRecord {
  index: number;
  /** Keys of the external ids' claims, which say which batch record made them. */
  claimKeys: TableKey[];
  /** The claims' items, written last: a record whose claims are its own was written whole. */
  claims: Record<string, unknown>[];
  /** The account (with its business and merchant) the record makes. */
  records: Record<string, unknown>[];
  /** With an NZBN, whose claim other accounts' businesses contend for: every write in one conditional transaction. */
  transaction?: TransactionStep[];
}

/**
 * Checks a record (RowError with the reason) and plans its writes: a new account of the submitting
 * account's (its child, named after the business), the business with its account's and NZBN's claims,
 * the merchant and the external ids' claims. Ids derive from the batch and the record's index, so a
 * chunk delivered again writes the same items and never creates anything twice.
 */
export async function prepareRecord(
  batch: StoredBatch,
  header: readonly string[],
  row: readonly string[],
  index: number,
  now: Date,
  refs: ChunkReferences = chunkReferences(),
): Promise<PreparedRecord> {
  const record = recordOf(header, row);
  check(record);
  const [program, channel] = await Promise.all([
    refs.program(record.assetProgramId),
    refs.channel(record.salesChannelId),
  ]);
  if (!program?.published || program.test !== batch.test) throw new RowError('INVALID_ASSET_PROGRAM');
  if (!channel || channel.test !== batch.test) throw new RowError('INVALID_SALES_CHANNEL');
  if (channel.deviceSerialNumber && !record.deviceSerialNumber)
    throw new RowError('deviceSerialNumber is required by its sales channel');
  if (channel.deviceModel && !record.deviceModel) throw new RowError('deviceModel is required by its sales channel');
  const company = record.nzbn ? await registered(record.nzbn) : undefined;
  if (record.nzbn && !company) throw new RowError('INVALID_NZBN');
  const ids = {
    account: derivedId(undefined, batch.id, 'account', String(index)),
    business: derivedId(undefined, batch.id, 'business', String(index)),
    merchant: derivedId(undefined, batch.id, 'merchant', String(index)),
  };
  const name = record.tradingName || record.companyName;
  const onboarded = onboardedAccount(
    {
      ids: { ...ids, merchants: [ids.merchant] },
      parentAccountId: batch.accountId,
      test: batch.test,
      accountName: name,
      business: {
        name: company?.companyName ?? record.companyName,
        nzbn: company?.nzbn,
        tradingName: record.tradingName || company?.tradingName,
        companyNumber: company?.companyNumber,
      },
      merchants: [
        {
          name: record.merchantName,
          type: record.merchantType as 'physical' | 'e-commerce',
          categoryCode: record.categoryCode,
          location: record.merchantType === 'physical' ? locationOf(record) : undefined,
        },
      ],
    },
    batch.createdBy,
    now,
  );
  const { account } = onboarded;
  const details = Object.fromEntries(DETAILS.flatMap((column) => (record[column] ? [[column, record[column]]] : [])));
  details.chargeAccountNumber ||= record.settlementAccountNumber;
  const claim = { accountId: batch.accountId, batchId: batch.id, index };
  const businessClaim = {
    ...claim,
    externalId: record.externalBusinessId,
    businessId: ids.business,
    merchantId: ids.merchant,
    businessAccountId: account.id,
    details,
  };
  const merchantClaim = { ...claim, externalId: record.externalMerchantId, merchantId: ids.merchant };
  const claims = [onboardingRecordEntity.item(businessClaim), externalMerchantEntity.item(merchantClaim)];
  const records = onboarded.items;
  const prepared: PreparedRecord = {
    index,
    claimKeys: [
      onboardingRecordEntity.key(batch.accountId, record.externalBusinessId),
      externalMerchantEntity.key(batch.accountId, record.externalMerchantId),
    ],
    claims,
    records,
  };
  if (company) {
    // The claims come first: a record met again is recognised by them before anything else.
    const ownClaim = (old: Record<string, unknown> | undefined) =>
      claimState(old, batch.id, index) === 'own' ? new AlreadyOnboarded() : new RowError('DUPLICATE_EXTERNAL_ID');
    prepared.transaction = [
      onboardingRecordEntity.createStep(businessClaim, { onExists: ownClaim }),
      externalMerchantEntity.createStep(merchantClaim, { onExists: ownClaim }),
      ...onboarded.steps,
    ];
  }
  return prepared;
}

/** The asset programs and sales channels a chunk's records name, each read once for the chunk. */
export interface ChunkReferences {
  program: (id: string) => ReturnType<typeof findProgram>;
  channel: (id: string) => ReturnType<typeof findSalesChannel>;
}

export function chunkReferences(): ChunkReferences {
  const read = <T>(find: (id: string) => Promise<T>) => {
    const seen = new Map<string, Promise<T>>();
    return (id: string) => {
      if (!seen.has(id)) seen.set(id, find(id));
      return seen.get(id)!;
    };
  };
  return { program: read(findProgram), channel: read(findSalesChannel) };
}

/** Whose a claim is: this batch record's own, another's, or no one's yet. */
export function claimState(
  item: Record<string, unknown> | undefined,
  batchId: string,
  index: number,
): 'own' | 'taken' | 'free' {
  if (!item) return 'free';
  return item.batchId === batchId && Number(item.index) === index ? 'own' : 'taken';
}

/**
 * Runs a record's conditional transaction (records with an NZBN); a business rule refused is a RowError with its code.
 */
export async function onboardInTransaction(steps: TransactionStep[]): Promise<void> {
  try {
    await runTransaction(steps);
  } catch (error) {
    throw error instanceof ApiError && error.statusCode === 403 ? new RowError(error.message) : error;
  }
}

/** The register's company; a register the stack does not have refuses the record, never the whole batch. */
async function registered(nzbn: string) {
  try {
    return await companyRegister().find(nzbn);
  } catch (error) {
    if (hasCode(error, REGISTER_NOT_CONFIGURED)) throw new RowError(REGISTER_NOT_CONFIGURED);
    throw error;
  }
}

function locationOf(record: Row) {
  return {
    street: record.merchantStreet,
    suburb: record.merchantSuburb || undefined,
    city: record.merchantCity,
    state: record.merchantState,
    postCode: record.merchantPostcode || undefined,
    country: record.merchantCountry,
  };
}
