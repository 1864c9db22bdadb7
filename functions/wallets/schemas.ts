import { crn, id, idOf, timestamp } from '../../schemas/common';

const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;
const url = { type: 'string', maxLength: 2048, pattern: '^https://[^\\s]+$' } as const;

const walletAssetType = {
  type: 'object',
  required: ['id'],
  properties: { id: text(64), collectionId: idOf('tokenCollection') },
} as const;

export const createWalletBody = {
  type: 'object',
  required: ['id', 'name', 'accountId', 'assetTypes'],
  properties: {
    id: idOf('walletApp'),
    name: text(128),
    accountId: idOf('id'),
    connectUrl: url,
    payUrl: url,
    logoMediaUploadId: idOf('id'),
    primaryColorHex: { type: 'string', pattern: '^#[0-9A-Fa-f]{6}$', maxLength: 7 },
    assetTypes: { type: 'array', minItems: 1, maxItems: 50, items: walletAssetType },
  },
} as const;

export const wallet = {
  type: 'object',
  required: ['id', 'name', 'accountId', 'assetTypes', 'status', 'createdAt', 'createdBy', 'createdByAccountName'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    accountId: id,
    connectUrl: { type: 'string' },
    payUrl: { type: 'string' },
    logoMediaUploadId: { type: 'string' },
    /** The logo's stable public image URL (GET /media/{logoMediaUploadId}). */
    logoImg: { type: 'string' },
    primaryColorHex: { type: 'string' },
    assetTypes: { type: 'array', items: walletAssetType },
    status: { const: 'active' },
    createdAt: timestamp,
    createdBy: crn,
    createdByAccountName: { type: 'string' },
    /** Where the wallet is reached: its connect URL, else its pay URL. */
    url: { type: 'string' },
    /** The owning account's id, as the documented create response shows it. */
    merchantId: id,
    /** While the platform operator's approval stands: when and by whom it was given. */
    approvedAt: timestamp,
    approvedBy: crn,
  },
} as const;

export const walletApprovalBody = {
  type: 'object',
  required: ['approved'],
  properties: { approved: { type: 'boolean' } },
} as const;

const walletList = { type: 'array', items: wallet } as const;

/** The wallets group's schemas by id; functions/schemas.ts assembles every group's. */
export const SCHEMAS = {
  Wallet: wallet,
  WalletList: walletList,
  CreateWalletBody: createWalletBody,
  WalletApprovalBody: walletApprovalBody,
} as const;
