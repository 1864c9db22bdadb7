import type { FromSchema } from 'json-schema-to-ts';
import { legacyPaymentRequest, legacyRequestSummary } from './schemas';
import { publicView } from '../core/db/entity';
import { denomination, ledgerOf, legacyNumber, type StoredPaymentRequest } from '../payment-requests';

export type LegacyPaymentRequest = FromSchema<typeof legacyPaymentRequest>;
export type LegacyRequestSummary = FromSchema<typeof legacyRequestSummary>;

/** The legacy view of a payment request, whichever API version created it: what its response schema declares. */
export function legacyView(request: StoredPaymentRequest): LegacyPaymentRequest {
  // The payment that settled the request; a pre-auth holds an authorisation instead and shows none.
  const settling = request.status === 'paid' ? request.payments[request.payments.length - 1] : undefined;
  return publicView<LegacyPaymentRequest>(legacyPaymentRequest, {
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
  } satisfies LegacyPaymentRequest);
}

/** What legacy cancel answers with. */
export function legacySummary(request: StoredPaymentRequest): LegacyRequestSummary {
  return publicView<LegacyRequestSummary>(legacyRequestSummary, {
    merchantName: request.merchantName,
    status: request.status,
    denomination: denomination(request),
    createdAt: request.createdAt,
    updatedAt: request.updatedAt,
    externalReference: request.externalRef,
    requestId: request.id,
    merchantId: request.merchantId,
    description: request.legacy?.description,
  } satisfies LegacyRequestSummary);
}
