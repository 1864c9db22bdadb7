import { transferSteps } from '../core/ledger/postings';
import { monetary, type Amount } from '../core/money';
import type { TransactionStep } from '../core/db/transaction';
import type { Payment, StoredPaymentRequest } from './payment-request-store';

export interface RefundAllocation {
  assetId: string;
  assetType: string;
  completedPaymentId: string;
  amount: string;
}

/**
 * Allocates a refund over the request's payments, newest first, never more than any payment has
 * left, and builds the transfers back to each payer: merchant settlement wallet → payer asset.
 */
export function planRefund(
  request: StoredPaymentRequest,
  amount: Amount,
  at: string,
  refs: Record<string, string>,
): { payments: Payment[]; allocations: RefundAllocation[]; steps: TransactionStep[] } {
  let left = amount;
  const payments = request.payments.map((p) => ({ ...p }));
  const allocations: RefundAllocation[] = [];
  const steps: TransactionStep[] = [];
  for (const payment of [...payments].reverse()) {
    if (left === 0n) break;
    const refundable = BigInt(payment.amount) - BigInt(payment.refundedAmount);
    const portion = refundable < left ? refundable : left;
    if (portion <= 0n) continue;
    left -= portion;
    payment.refundedAmount = (BigInt(payment.refundedAmount) + portion).toString();
    allocations.push({ assetId: payment.assetId, assetType: payment.assetType, completedPaymentId: payment.activityId, amount: portion.toString() });
    steps.push(
      ...transferSteps(
        {
          kind: 'refund',
          debitAssetId: payment.settlementAssetId,
          creditAssetId: payment.assetId,
          amount: portion,
          currency: request.value.currency,
          refs: { paymentRequestId: request.id, ...refs },
          insufficientCode: 'REFUND_DECLINED',
          inactiveCreditCode: 'INACTIVE_ASSET',
        },
        at,
      ).steps,
    );
  }
  if (left > 0n) throw new Error('refund exceeds the refundable amount');
  return { payments, allocations, steps };
}

export const refundValue = (request: StoredPaymentRequest, amount: Amount) => monetary(request.value.currency, amount);
