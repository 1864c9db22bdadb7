import { newId } from '../core/ids';
import type { TransferSpec } from '../core/ledger/transfers';
import type { DeriveId } from './kept-answer';
import { paidBy } from './paid-by';
import type { ActivityInput } from './payment-request-store';
import type { StoredPaymentRequest } from './payment-request';
import { planRefund, refundedAssetType, refundValue } from './refund-steps';

/** What ending a request gives back of its payments: a `refund` activity, the request's changes and the transfers. */
interface GiveBack {
  activity: ActivityInput;
  changes: Partial<StoredPaymentRequest>;
  transfers: TransferSpec[];
}

/**
 * Everything paid towards a request and not yet refunded, refunded in full: what a void does, and what a request
 * ended short of `paid` (cancelled by the merchant, or expired, with multi-asset payments or a token towards it)
 * must do, since neither refund nor void takes a cancelled or expired request afterwards. Undefined when nothing
 * is left to give back. The transfers go in the transaction that ends the request.
 */
export function giveBack(
  request: StoredPaymentRequest,
  createdBy: string,
  derive: DeriveId = () => newId(),
): GiveBack | undefined {
  const unrefunded = BigInt(request.paidAmount) - BigInt(request.refundedAmount);
  if (unrefunded <= 0n) return undefined;
  const refund = planRefund(request, unrefunded, { kind: 'void-refund', refs: { refundId: derive('refund') }, derive });
  return {
    activity: {
      type: 'refund',
      value: refundValue(request, unrefunded),
      ...refundedAssetType(refund.allocations),
      strategy: { refunds: refund.allocations },
      createdBy,
    },
    changes: {
      refundedAmount: request.paidAmount,
      payments: refund.payments,
      paidBy: paidBy(refund.payments, request.value.currency),
    },
    transfers: refund.transfers,
  };
}
