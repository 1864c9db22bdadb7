import { monetary } from '../core/money';
import type { Payment, StoredPaymentRequest } from './payment-request';

/** `paidBy.assetTotals`: the payments summed per asset type (and payer). */
export function paidBy(payments: Payment[], currency: string): NonNullable<StoredPaymentRequest['paidBy']> {
  const totals = new Map<string, { type: string; payerAccountId: string; total: bigint; settlementDate: string }>();
  for (const payment of payments) {
    const key = `${payment.assetType}#${payment.payerAccountId}`;
    const net = BigInt(payment.amount) - BigInt(payment.refundedAmount);
    const current = totals.get(key);
    if (current) current.total += net;
    else
      totals.set(key, {
        type: payment.assetType,
        payerAccountId: payment.payerAccountId,
        total: net,
        settlementDate: payment.createdAt.slice(0, 10),
      });
  }
  return {
    assetTotals: [...totals.values()].map((t) => ({
      type: t.type,
      description: currency,
      settlementDate: t.settlementDate,
      total: monetary(currency, t.total),
      payerAccountId: t.payerAccountId,
    })),
  };
}
