import type { FromSchema } from 'json-schema-to-ts';
import type { confirmBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { runTransaction } from '../core/db/transaction';
import { badRequest, businessRule } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { idempotentReply } from '../core/http/response';
import { idempotent } from '../core/idempotency';
import { postPending } from '../core/ledger/transfers';
import { formatAmount, monetary, parsePositiveAmount } from '../core/money';
import { resolveLineItems } from './line-items';
import { loadPaymentRequestOrForbid } from './load-payment-request';
import { merchantNow } from './request-clock';
import { paidBy } from './paid-by';
import { buildActivities, transitionSteps } from './payment-request-store';
import type { Payment, PaymentActivity, StoredPaymentRequest } from './payment-request';
import { assertWithinLimits } from './pay-payment-request';
import { assertAuthorizedPreAuth, authorizationTransfer, unconfirmed } from './pre-auth';

type Body = FromSchema<typeof confirmBody>;

/**
 * A draw-down on an authorised pre-auth: part of the reservation on the patron's asset is posted
 * to the merchant's settlement wallet and becomes refundable like a payment. The same key and body return the first
 * confirmation; the same key with another body is IDEMPOTENT_OPERATION_FAILED.
 */
export const confirmPaymentRequest = authedOperation<Body>(async ({ params, body, auth, now }) => {
  const items = resolveLineItems(body.lineItems);
  const amount = body.value ? parsePositiveAmount('value.amount', body.value.amount) : items.total;
  if (amount <= 0n) throw badRequest('value.amount must be greater than 0');
  const command = {
    accountId: auth.principal.accountId,
    operation: 'confirmPaymentRequest',
    key: body.idempotencyKey,
    command: {
      paymentRequestId: params.paymentRequestId,
      value: body.value,
      invoiceRef: body.invoiceRef,
      lineItems: items.items,
    },
  };
  return idempotentReply(
    await idempotent<PaymentActivity>(command, async ({ record, derive }) => {
      const request = await loadPaymentRequestOrForbid(params.paymentRequestId, now);
      // The merchant's clock judges the lapse and stamps the confirmation (request-clock.ts).
      const clock = await merchantNow(request, now);
      await auth.access.authorize(request.merchantAccountId);
      assertAuthorizedPreAuth(request, clock);
      if (body.value && body.value.currency !== request.value.currency)
        throw badRequest(`value.currency must be ${request.value.currency}`);
      if (amount > unconfirmed(request)) throw businessRule('INVALID_AMOUNT');
      const authorization = request.authorization!;
      const settlementAssetId = request.settlementWallets[authorization.assetType];
      if (!settlementAssetId) throw businessRule('INVALID_MERCHANT_CONFIG');
      assertWithinLimits(request, authorization.assetId);
      const at = isoTimestamp(clock);
      const transferId = derive('transfer');
      // What the authorisation still reserves, as this read of the request says: a confirm or release that
      // committed since fails the post's condition and this confirm re-reads (core/ledger/transfers.ts).
      const transfer = {
        txnId: transferId,
        steps: postPending(
          await authorizationTransfer(request),
          { id: transferId, amount, remaining: unconfirmed(request) },
          at,
        ),
      };
      const [activity] = buildActivities(
        request,
        [
          {
            type: 'confirmation',
            value: monetary(request.value.currency, amount),
            assetType: authorization.assetType,
            preAuth: true,
            idempotencyKey: body.idempotencyKey,
            invoiceRef: body.invoiceRef,
            lineItems: items.items as PaymentActivity['lineItems'],
            createdBy: auth.principal.crn,
            // A confirmation names who confirmed it, as the documented example shows.
            updatedAt: at,
            createdByAccountId: auth.principal.accountId,
            createdByAccountName: auth.principal.account.name,
          },
        ],
        at,
      );
      // A confirmation is what a refund can give back, so it is kept like a payment.
      const payment: Payment = {
        activityId: activity.id,
        assetId: authorization.assetId,
        assetType: authorization.assetType,
        amount: formatAmount(amount),
        refundedAmount: '0',
        payerAccountId: authorization.payerAccountId,
        settlementAssetId,
        transactionId: transfer.txnId,
        createdAt: at,
      };
      const payments = [...request.payments, payment];
      const changes: Partial<StoredPaymentRequest> = {
        confirmedAmount: formatAmount(BigInt(request.confirmedAmount ?? '0') + amount),
        paidAmount: formatAmount(BigInt(request.paidAmount) + amount),
        payments,
        paidBy: paidBy(payments, request.value.currency),
      };
      await runTransaction([record(activity), ...transitionSteps(request, changes, [activity], at), ...transfer.steps]);
      return activity;
    }),
  );
});
