import type { Access } from '../core/auth/access';
import { parseMoneyAssetType } from '../core/asset-types';
import { ForbiddenError } from '../core/errors/classes';
import { isOpenStatus, returnAssetTransferIfDue } from '../asset-transfers';
import { findConnection } from '../connections';
import type { StoredMerchantConfig } from '../merchant-configs';
import { findPatronCodeByBarcode } from '../patron-codes';
import { loadPaymentRequest, loadPaymentRequestByShortCode, type StoredPaymentRequest } from '../payment-requests';
import type { CodeReference } from './code-formats';
import type { RESOURCE_TYPES } from './schemas';

type PaymentOption = StoredMerchantConfig['paymentOptions'][number];

/** The resource a code names, and whether a merchant config can take it (has a payment option for it). */
export interface DecodedResource {
  type: (typeof RESOURCE_TYPES)[number];
  /** Absent where the caller may decode the code but not read what it names (another account's patron code). */
  id?: string;
  fits: (config: StoredMerchantConfig) => boolean;
}

const anyOption = (test: (option: PaymentOption) => boolean) => (config: StoredMerchantConfig) =>
  config.paymentOptions.some(test);

/**
 * The live resource a code names, if the caller may read it; else undefined, whether it is missing, no longer live
 * or another's (a transfer sent to someone else), so a code never tells the caller more than that it names nothing.
 * A patron code is the exception: whoever scanned it learns that it is one, but not its id.
 */
export async function resourceOf(
  reference: CodeReference,
  access: Access,
  now: Date,
): Promise<DecodedResource | undefined> {
  if (reference.by === 'barcode') return patronCode(reference.barcode, access, now);
  if (reference.by === 'short-code')
    return paymentRequest(await loadPaymentRequestByShortCode(reference.shortCode, now), access);
  switch (reference.type) {
    case 'payment-request':
      return paymentRequest(await loadPaymentRequest(reference.id, now), access);
    case 'asset-transfer':
      return assetTransfer(reference.id, access, now);
    case 'connection':
      return connection(reference.id, access);
  }
}

/** Whether an access check passes: FORBIDDEN is a no, any other error is one. */
export async function passes(check: Promise<unknown>): Promise<boolean> {
  try {
    await check;
    return true;
  } catch (error) {
    if (error instanceof ForbiddenError) return false;
    throw error;
  }
}

/** Whether the caller may act for the account under its decode grant (its own, or one it created). */
const mayRead = async (access: Access, accountId: string | undefined) =>
  accountId !== undefined && passes(access.account(accountId));

/**
 * A live patron code: paid from a wallet on the platform (a test scenario's, a test one). A patron shows it to the
 * merchant to be scanned, so any merchant that holds the barcode may learn that it is one; its id (and so anything
 * read by it) only the code's own account.
 */
async function patronCode(barcode: string, access: Access, now: Date): Promise<DecodedResource | undefined> {
  const code = await findPatronCodeByBarcode(barcode, now);
  if (!code) return undefined;
  return {
    type: 'patron-code',
    ...((await mayRead(access, code.accountId)) ? { id: code.id } : {}),
    fits: anyOption((option) => {
      const money = parseMoneyAssetType(option.type);
      return money !== undefined && (code.testScenarioName === undefined || money.liveness === 'test');
    }),
  };
}

/** A request still to be paid, of a merchant of the caller's account: one of its payment options' asset types. */
async function paymentRequest(
  request: StoredPaymentRequest | undefined,
  access: Access,
): Promise<DecodedResource | undefined> {
  if (request?.status !== 'new' || !(await mayRead(access, request.merchantAccountId))) return undefined;
  const types = new Set(request.paymentOptions.map((option) => option.assetType));
  return { type: 'payment-request', id: request.id, fits: anyOption((option) => types.has(option.type)) };
}

/**
 * An open transfer the caller may claim or is party to: one sent by link is whoever holds the link's, one sent to an
 * email or phone is only its sender's and its recipient's. Taken in its asset type.
 */
async function assetTransfer(id: string, access: Access, now: Date): Promise<DecodedResource | undefined> {
  const transfer = await returnAssetTransferIfDue(id, now);
  if (!transfer || !isOpenStatus(transfer.status)) return undefined;
  const readable =
    transfer.recipientAlias === undefined ||
    (await mayRead(access, transfer.senderAccountId)) ||
    (await mayRead(access, transfer.recipientAccountId));
  if (!readable) return undefined;
  return { type: 'asset-transfer', id: transfer.id, fits: anyOption((option) => option.type === transfer.assetType) };
}

/**
 * A connection made by the caller's account (only its keys may name it on a payment request): for a config of the
 * connection's merchant.
 */
async function connection(id: string, access: Access): Promise<DecodedResource | undefined> {
  const found = await findConnection(id);
  if (!found || !(await mayRead(access, found.createdByAccountId))) return undefined;
  return { type: 'connection', id: found.id, fits: (config) => config.merchantId === found.merchantId };
}
