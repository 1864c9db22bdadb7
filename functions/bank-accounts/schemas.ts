import { amount, crn, id, idOf, timestamp } from '../../schemas/common';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;
/** A New Zealand bank account number: bank, branch, account, suffix (dashes or spaces optional). */
const bankAccountNumber = {
  type: 'string',
  pattern: '^[0-9]{2}[- ]?[0-9]{4}[- ]?[0-9]{7}[- ]?[0-9]{2,3}$',
  maxLength: 19,
} as const;
const email = { type: 'string', minLength: 3, maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+$' } as const;
const phone = { type: 'string', pattern: '^\\+?[0-9 ()-]{6,20}$', maxLength: 21 } as const;

export const directDebitAuthorityBody = {
  type: 'object',
  required: ['phoneNumber', 'fullName', 'emailAddress'],
  properties: { phoneNumber: phone, fullName: text(128), emailAddress: email },
} as const;

export const createBankAccountBody = {
  type: 'object',
  required: ['accountId', 'bankAccountNumber', 'bankAccountName'],
  properties: {
    accountId: idOf('id'),
    bankAccountNumber,
    bankAccountName: text(128),
    directDebitAuthority: directDebitAuthorityBody,
    type: { enum: ['centrapay', 'quartz'] },
    test: { type: 'boolean' },
  },
} as const;

export const verifyBankAccountBody = {
  type: 'object',
  required: ['verificationCode'],
  properties: { verificationCode: { type: 'string', pattern: '^[0-9]{4}$', maxLength: 4 } },
} as const;

export const setPreferredNameBody = {
  type: 'object',
  required: ['preferredBankAccountName'],
  properties: { preferredBankAccountName: text(128) },
} as const;

/**
 * The deprecated bank authority: a bank account with a direct-debit authority,
 * all nine fields required (docs/api/bank-accounts-and-approvals.md).
 */
export const createBankAuthorityBody = {
  type: 'object',
  required: [
    'accountId',
    'fullName',
    'streetAddress',
    'suburb',
    'city',
    'postCode',
    'phoneNumber',
    'emailAddress',
    'bankAccountNumber',
    'bankAccountName',
  ],
  properties: {
    accountId: idOf('id'),
    fullName: text(128),
    streetAddress: text(256),
    suburb: text(128),
    city: text(128),
    postCode: { type: 'string', pattern: '^[0-9A-Za-z -]{3,10}$', maxLength: 10 },
    phoneNumber: phone,
    emailAddress: email,
    bankAccountNumber,
    bankAccountName: text(128),
  },
} as const;

/** Fields every view of a stored bank account shows. */
const identity = {
  id,
  accountId: id,
  bankAccountNumber: { type: 'string' },
  bankAccountName: { type: 'string' },
} as const;
const state = {
  status: { enum: ['created', 'active', 'archived'] },
  verified: { type: 'boolean' },
  directDebitAuthorized: { type: 'boolean' },
} as const;
const stamps = { createdAt: timestamp, createdBy: crn, modifiedAt: timestamp, modifiedBy: crn } as const;

const approvalSummary = {
  type: 'object',
  required: ['type', 'status', 'updatedAt'],
  properties: { type: { type: 'string' }, status: { enum: ['pending', 'approved', 'declined'] }, updatedAt: timestamp },
} as const;

export const bankAccount = {
  type: 'object',
  required: [
    'id',
    'accountId',
    'bankAccountNumber',
    'bankAccountName',
    'directDebitAuthorized',
    'status',
    'verified',
    'type',
    'approvals',
    'createdAt',
    'createdBy',
    'modifiedAt',
    'modifiedBy',
  ],
  properties: {
    ...identity,
    preferredBankAccountName: { type: 'string' },
    ...state,
    type: { enum: ['centrapay', 'quartz'] },
    bankRegion: { const: 'nz' },
    approvals: { type: 'array', items: approvalSummary },
    test: { type: 'boolean' },
    ...stamps,
  },
} as const;

const bankAccountList = { type: 'array', items: bankAccount } as const;

const bankAccountActivity = {
  type: 'object',
  required: ['activityNumber', 'bankAccountId', 'type', 'preferredBankAccountName', 'createdAt', 'createdBy'],
  properties: {
    activityNumber: { type: 'integer', minimum: 1 },
    bankAccountId: id,
    type: { const: 'set-preferred-bank-account-name' },
    preferredBankAccountName: { type: 'string' },
    createdAt: timestamp,
    createdBy: crn,
  },
} as const;

const verificationResult = {
  type: 'object',
  required: ['verificationCode'],
  properties: { verificationCode: { type: 'string' } },
} as const;

export const bankAuthority = {
  type: 'object',
  required: [
    'id',
    'accountId',
    'bankAccountNumber',
    'bankAccountName',
    'status',
    'verified',
    'directDebitAuthorized',
    'approvals',
    'createdAt',
    'createdBy',
    'modifiedAt',
    'modifiedBy',
  ],
  properties: {
    id,
    accountId: id,
    fullName: { type: 'string' },
    streetAddress: { type: 'string' },
    suburb: { type: 'string' },
    city: { type: 'string' },
    postCode: { type: 'string' },
    phoneNumber: { type: 'string' },
    emailAddress: { type: 'string' },
    bankAccountNumber: { type: 'string' },
    bankAccountName: { type: 'string' },
    ...state,
    approvals: { type: 'array', items: approvalSummary },
    ...stamps,
  },
} as const;

/**
 * The list form of a bank authority (docs/api/bank-accounts-and-approvals.md),
 * with the docs' directDebitAuthorized and approvals.
 */
export const bankAuthoritySummary = {
  type: 'object',
  required: ['id', 'accountId', 'bankAccountNumber', 'bankAccountName', 'status', 'verified', 'createdAt'],
  properties: {
    ...identity,
    ...state,
    approvals: { type: 'array', items: approvalSummary },
    createdAt: timestamp,
  },
} as const;

const bankAuthorityList = { type: 'array', items: bankAuthoritySummary } as const;

/**
 * A line of a test bank account's simulated statement: a platform-initiated transaction, or the bank's reversal of a
 * transfer it failed or sent back, and its code.
 */
export const statementLine = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'amount', 'currency', 'code', 'reference', 'createdAt'],
  properties: {
    kind: { enum: ['verification', 'topup', 'withdrawal', 'topup-return', 'topup-reversal', 'withdrawal-reversal'] },
    amount,
    currency: { type: 'string', maxLength: 3 },
    /** The 4-digit code that verifies the bank account (`POST /api/bank-accounts/{bankAccountId}/verify`). */
    code: { type: 'string', pattern: '^[0-9]{4}$', maxLength: 4 },
    reference: { type: 'string', maxLength: 32 },
    createdAt: timestamp,
  },
} as const;

/** A test bank account's statement (docs/api/bank-accounts-and-approvals.md#bank-statements). */
const bankAccountStatement = {
  type: 'object',
  additionalProperties: false,
  required: ['bankAccountId', 'bankAccountNumber', 'bankAccountName', 'lines', 'pageUrl', 'pageUrlExpiresAt'],
  properties: {
    bankAccountId: id,
    bankAccountNumber: { type: 'string', maxLength: 19 },
    bankAccountName: { type: 'string', maxLength: 128 },
    /** Newest first: the last 90 days, at most 100. */
    lines: { type: 'array', maxItems: 100, items: statementLine },
    /** The statement page, signed for this bank account, for a browser (no API key). */
    pageUrl: { type: 'string', maxLength: 2048 },
    pageUrlExpiresAt: timestamp,
  },
} as const;

/** The statement page's signed link: both optional, so a link missing either answers the page's own refusal. */
export const statementPageQuery = {
  type: 'object',
  properties: { expires: { type: 'string', maxLength: 16 }, token: { type: 'string', maxLength: 256 } },
} as const;

/** The bank-accounts group's schemas by id; functions/schemas.ts assembles every group's. */
/** A balance in the currency's major unit with two decimals (`101.00`, `-5.25`), as the public example gives it. */
const decimalBalance = { type: 'string', pattern: '^-?[0-9]+\\.[0-9]{2}$' } as const;

const bankAccountBalanceList = {
  type: 'object',
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['bankAccountId', 'bankAccountNumber', 'balance', 'availableBalance', 'test'],
        additionalProperties: false,
        properties: {
          bankAccountId: id,
          bankAccountNumber: { type: 'string' },
          balance: decimalBalance,
          availableBalance: decimalBalance,
          test: { type: 'boolean' },
        },
      },
    },
  },
} as const;

export const SCHEMAS = {
  BankAccountBalanceList: bankAccountBalanceList,
  CreateBankAccountBody: createBankAccountBody,
  DirectDebitAuthorityBody: directDebitAuthorityBody,
  VerifyBankAccountBody: verifyBankAccountBody,
  SetPreferredNameBody: setPreferredNameBody,
  CreateBankAuthorityBody: createBankAuthorityBody,
  BankAccount: bankAccount,
  BankAccountList: bankAccountList,
  BankAccountActivity: bankAccountActivity,
  VerificationResult: verificationResult,
  BankAuthority: bankAuthority,
  BankAuthorityList: bankAuthorityList,
  BankAccountStatement: bankAccountStatement,
  StatementPageQuery: statementPageQuery,
} as const;
