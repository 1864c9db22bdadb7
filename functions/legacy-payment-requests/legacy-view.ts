import type { FromSchema } from 'json-schema-to-ts';
import type { legacyPaymentRequest, legacyRequestSummary } from '../../schemas/legacy-payment-requests';
import type { StoredPaymentRequest } from '../payment-requests/payment-request-store';
import { ledgerOf } from './legacy-ledgers';

// Type-only imports of the payment request store: the webhook events built from these views are
// part of the store's own transitions (payment-request-store → webhook-events → here).

export type LegacyPaymentRequest = FromSchema<typeof legacyPaymentRequest>;
export type LegacyRequestSummary = FromSchema<typeof legacyRequestSummary>;

/**
 * Legacy amounts are JSON numbers. Payment amounts stay below MAX_PAYMENT_AMOUNT (10^8), far
 * inside the safe integers, so the conversion is exact.
 */
export const legacyNumber = (amount: string): number => Number(amount);

export const denomination = (request: StoredPaymentRequest) => ({ amount: legacyNumber(request.value.amount), asset: request.value.currency });

/** The legacy view of a payment request, whichever API version created it. */
export function legacyView(request: StoredPaymentRequest): LegacyPaymentRequest {
  // The payment that settled the request; a pre-auth holds an authorisation instead and shows none.
  const settling = request.status === 'paid' ? request.payments[request.payments.length - 1] : undefined;
  return {
    requestId: request.id,
    shortCode: request.shortCode,
    merchantId: request.merchantId,
    merchantName: request.merchantName,
    clientId: request.legacy?.clientId ?? request.configId,
    denomination: denomination(request),
    payments: request.paymentOptions.map((option) => ({
      ledger: ledgerOf(option.assetType),
      amount: legacyNumber(option.amount),
      account: request.merchantAccountId,
      methods: ['qr_code'],
    })),
    qrCode: request.url,
    requestCode: request.url,
    patronCode: request.barcode,
    status: request.status,
    cancellationReason: request.cancellationReason,
    createdAt: request.createdAt,
    updatedAt: request.updatedAt,
    liveness: request.liveness,
    paymentExpirySeconds: String(request.expirySeconds),
    terminalId: request.terminalId,
    deviceId: request.deviceId,
    description: request.legacy?.description,
    externalReference: request.externalRef,
    paidBy: settling && { transactionId: settling.transactionId, amount: legacyNumber(request.paidAmount) },
    notifyUrl: request.legacy?.notifyUrl,
  };
}

/** What legacy cancel answers with. */
export function legacySummary(request: StoredPaymentRequest): LegacyRequestSummary {
  return {
    merchantName: request.merchantName,
    status: request.status,
    denomination: denomination(request),
    createdAt: request.createdAt,
    updatedAt: request.updatedAt,
    externalReference: request.externalRef,
    requestId: request.id,
    merchantId: request.merchantId,
    description: request.legacy?.description,
  };
}
