import type { RuleCodes, TransferSpec } from '../core/ledger/transfers';
import { monetary, type Amount } from '../core/money';
import { businessRule } from '../core/errors/classes';
import { tokenReturn } from '../tokens';
import { settlementSide } from '../wallet-assets';
import type { DeriveId } from './kept-answer';
import type { Payment, StoredPaymentRequest } from './payment-request';

export interface RefundAllocation {
  assetId: string;
  assetType: string;
  completedPaymentId: string;
  amount: string;
  /** A token's collection: the token itself goes back. */
  collectionId?: string;
}

/** The merchant's settlement wallet refuses; the payer's asset cannot take the money back. */
const SETTLEMENT_DEBIT_CODES: Partial<RuleCodes> = {
  missing: 'REFUND_DECLINED',
  inactive: 'REFUND_DECLINED',
  currency: 'REFUND_DECLINED',
  insufficient: 'REFUND_DECLINED',
};
const PAYER_CREDIT_CODES: Partial<RuleCodes> = { missing: 'INACTIVE_ASSET', inactive: 'INACTIVE_ASSET' };

/** The label the first transfer back derives its id from: known from the command's scope alone (REFUND_RESPONSE). */
export const FIRST_REFUND_TRANSFER = 'refund:first';

/**
 * Allocates a refund over the request's payments, newest first, never more than any payment has
 * left, and plans the transfers back: one per (settlement wallet, paying asset), however many
 * payments it sums, so a refund touches only what it must (at most MAX_PAYING_ASSETS_PER_REQUEST
 * credits) and fits one transaction. The first (to the newest payment) derives its id from
 * FIRST_REFUND_TRANSFER, the others from their pair.
 */
export function planRefund(
  request: StoredPaymentRequest,
  amount: Amount,
  { kind, refs, derive }: { kind: 'refund' | 'void-refund'; refs: Record<string, string>; derive: DeriveId },
): { payments: Payment[]; allocations: RefundAllocation[]; transfers: TransferSpec[] } {
  let left = amount;
  const payments = request.payments.map((p) => ({ ...p }));
  const allocations: RefundAllocation[] = [];
  const transfers = new Map<string, TransferSpec>();
  const transferId = (pair: string) => derive(transfers.size ? `refund:${pair}` : FIRST_REFUND_TRANSFER);
  for (const payment of [...payments].reverse()) {
    if (left === 0n) break;
    const refundable = BigInt(payment.amount) - BigInt(payment.refundedAmount);
    const portion = refundable < left ? refundable : left;
    if (portion <= 0n) continue;
    // A token paid whole and goes back whole.
    if (payment.token && portion !== refundable) throw businessRule('PARTIAL_REFUNDS_NOT_ALLOWED');
    left -= portion;
    payment.refundedAmount = (BigInt(payment.refundedAmount) + portion).toString();
    const collection = payment.token ? { collectionId: payment.token.collectionId } : {};
    allocations.push({
      assetId: payment.assetId,
      assetType: payment.assetType,
      completedPaymentId: payment.activityId,
      amount: portion.toString(),
      ...collection,
    });
    if (payment.token) {
      const refunded = `token>${payment.assetId}`;
      transfers.set(
        refunded,
        tokenReturn({ assetId: payment.assetId, collectionId: payment.token.collectionId }, transferId(refunded), {
          paymentRequestId: request.id,
          ...refs,
        }),
      );
      continue;
    }
    const pair = `${payment.settlementAssetId}>${payment.assetId}`;
    const seen = transfers.get(pair);
    transfers.set(pair, {
      id: seen?.id ?? transferId(pair),
      kind,
      debit: settlementSide(payment.settlementAssetId),
      credit: { assetId: payment.assetId, mode: 'single' },
      amount: (seen?.amount ?? 0n) + portion,
      currency: request.value.currency,
      refs: { paymentRequestId: request.id, ...refs },
      debitCodes: SETTLEMENT_DEBIT_CODES,
      creditCodes: PAYER_CREDIT_CODES,
    });
  }
  if (left > 0n) throw new Error('refund exceeds the refundable amount');
  return { payments, allocations, transfers: [...transfers.values()] };
}

export const refundValue = (request: StoredPaymentRequest, amount: Amount) => monetary(request.value.currency, amount);

/** A refund activity's top-level `assetType`: that of the newest payment it gives back to. */
export const refundedAssetType = (allocations: RefundAllocation[]): { assetType?: string } =>
  allocations.length ? { assetType: allocations[0].assetType } : {};
