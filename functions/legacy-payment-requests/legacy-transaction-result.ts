import type { FromSchema } from 'json-schema-to-ts';
import { legacyTransactionResult } from './schemas';
import { publicView } from '../core/db/entity';
import { findMerchant } from '../merchants';
import { legacyNumber, type PaymentActivity } from '../payment-requests';

export type LegacyTransactionResult = FromSchema<typeof legacyTransactionResult>;

const MESSAGES = { txPurchase: 'Payment completed', txRefund: 'Refund completed' } as const;

/** What legacy pay and refund answer with: the money movement, its merchant and its reference. */
export async function transactionResult(
  type: keyof typeof MESSAGES,
  activity: PaymentActivity,
  reference: string,
): Promise<LegacyTransactionResult> {
  const value = activity.value!;
  const merchant = await findMerchant(activity.merchantId);
  return publicView<LegacyTransactionResult>(legacyTransactionResult, {
    createdAt: activity.createdAt,
    // Legacy fields carry JSON numbers (docs/api/conventions.md): the rate is one, money being paid in its own
    // currency.
    currencyExchange: { asset: value.currency, rate: 1 },
    merchant: {
      id: activity.merchantId,
      name: activity.merchantName ?? merchant?.name ?? '',
      ...(merchant?.categoryCode ? { categoryCode: merchant.categoryCode } : {}),
      // The legacy merchant's location is a place name (the docs show "NZ"): the merchant's country.
      ...(merchant?.country ? { location: merchant.country } : {}),
    },
    payment: { amount: legacyNumber(value.amount), asset: value.currency, message: MESSAGES[type] },
    reference,
    settlementDate: activity.createdAt.slice(0, 10),
    status: 'completed',
    type,
    version: 1,
  } satisfies LegacyTransactionResult);
}
