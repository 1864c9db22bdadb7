import type { FromSchema } from 'json-schema-to-ts';
import type { payBody } from './schemas';
import { isoTimestamp, ownerNow } from '../core/clock';
import { runTransaction, type TransactionStep } from '../core/db/transaction';
import type { Access } from '../core/auth/access';
import { badRequest, businessRule, ForbiddenError } from '../core/errors/classes';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import { idempotentReply } from '../core/http/response';
import { newId } from '../core/ids';
import { idempotent } from '../core/idempotency';
import {
  pendingTransfer,
  postedTransfer,
  prefetchBalanceItems,
  type RuleCodes,
  type TransferSpec,
} from '../core/ledger/transfers';
import { prefetchQuotaLimits } from '../core/ledger/quotas';
import { formatAmount, monetary, parsePositiveAmount, type Amount } from '../core/money';
import { describeAssetType } from '../core/asset-types';
import { findAccount } from '../accounts';
import { planRedemption, type AcceptedCollection, type Redemption } from '../tokens';
import { findWalletAsset, settlementSide, spendAccess, type WalletAsset } from '../wallet-assets';
import type { PaymentOption } from './payment-options';
import { loadPaymentRequestOrForbid } from './load-payment-request';
import { paidOf } from './paid-activity';
import { paidBy } from './paid-by';
import { applied, buildActivities, transitionSteps } from './payment-request-store';
import { activityResponse, type DeriveId, type KeepAnswer } from './kept-answer';
import type { Payment, PaymentActivity, StoredPaymentRequest } from './payment-request';
import { merchantNow } from './request-clock';
import { assertNew } from './request-state';

type Body = FromSchema<typeof payBody>;

/** Authorisations lapse after three months; unconfirmed funds then go back to the patron. */
const PRE_AUTH_LIFETIME_MS = 90 * 24 * 3600 * 1000;

/**
 * Payments a request takes at most, and distinct assets they may come from: a refund or void
 * gives back per paying asset in one transaction, which must stay within DynamoDB's 100 items.
 */
const MAX_PAYMENTS_PER_REQUEST = 50;
const MAX_PAYING_ASSETS_PER_REQUEST = 8;

/** A rule the merchant's side breaks is the merchant's configuration. */
const SETTLEMENT_CODES: Partial<RuleCodes> = {
  missing: 'INVALID_MERCHANT_CONFIG',
  inactive: 'INVALID_MERCHANT_CONFIG',
  currency: 'INVALID_MERCHANT_CONFIG',
  liveness: 'LIVENESS_MISMATCH',
};

const freshIds: DeriveId = () => newId();

/**
 * A keyed pay's response is its `payment` activity: a posted payment's transfer (derived from `transfer`) keeps the
 * pay's receipt. A pre-auth's pending transfer is another item (`TRANSFER#`, updated as it is confirmed) and keeps a
 * record of its own.
 */
export const PAY_RESPONSE = activityResponse('transfer');

/**
 * Pays a request from one of the caller's wallet assets. The payment request update (conditional
 * on its version), the transfer to the merchant's settlement wallet (or, for a pre-auth, its
 * reservation on the payer's asset), the activities and the idempotency record are one
 * transaction: a retry with the same key returns the same payment; concurrent pays cannot both win.
 */
export const payPaymentRequest = authedOperation<Body>(async ({ body, auth, params, now }) => {
  const sources = (['assetId', 'transactionId', 'authorization'] as const).filter((f) => body[f] !== undefined);
  if (sources.length !== 1) throw badRequest('exactly one of assetId, transactionId, authorization is required');
  if (body.mode && body.amount === undefined) throw badRequest(`amount is required with mode ${body.mode}`);
  const input: PayInput = {
    paymentRequestId: params.paymentRequestId,
    assetType: body.assetType,
    idempotencyKey: body.idempotencyKey,
    ...(body.assetId !== undefined ? { assetId: body.assetId } : {}),
    ...(body.mode !== undefined ? { mode: body.mode } : {}),
    ...(body.amount !== undefined ? { amount: body.amount } : {}),
    ...(body.externalPaymentRef !== undefined ? { externalPaymentRef: body.externalPaymentRef } : {}),
    ...(body.lineItems !== undefined ? { lineItems: body.lineItems } : {}),
  };
  const command = {
    accountId: auth.principal.accountId,
    operation: 'payPaymentRequest',
    key: body.idempotencyKey,
    command: input,
  };
  return idempotentReply(
    await idempotent<PaymentActivity>(
      command,
      async ({ record, receipt, derive }) =>
        (await commitPayment(input, auth, now, { record, receipt }, derive)).activity,
      PAY_RESPONSE,
    ),
  );
});

/** What a pay names, whichever API version it came through. */
export interface PayInput {
  paymentRequestId: string;
  assetType: string;
  assetId?: string;
  mode?: Body['mode'];
  amount?: string;
  /** Absent where the API version has none (legacy pay). */
  idempotencyKey?: string;
  externalPaymentRef?: string;
  /** The request's line items (by SKU) a token payment buys; only token payments name them. */
  lineItems?: { sku?: string }[];
}

export interface CommittedPayment {
  /** The `payment` activity. */
  activity: PaymentActivity;
  /** The ledger transaction that moved the money. */
  transactionId: string;
  paymentRequest: StoredPaymentRequest;
}

/**
 * Plans one payment from the request as read and commits it in one transaction, with what `keep`
 * keeps of its answer (an idempotency receipt on its transfer, else a record step) in the same
 * transaction. A concurrent change of the request fails its version condition: callers retry on conflict.
 */
export async function commitPayment(
  input: PayInput,
  auth: AuthedRequest['auth'],
  now: Date,
  keep: KeepAnswer = {},
  derive: DeriveId = freshIds,
): Promise<CommittedPayment> {
  const { paymentRequest, changes, activities, steps, transactionId, receipted } = await plan(
    input,
    auth,
    now,
    derive,
    keep.receipt,
  );
  const at = changes.updatedAt as string;
  const record: TransactionStep[] = !receipted && keep.record ? [keep.record(activities[0])] : [];
  await runTransaction([...record, ...transitionSteps(paymentRequest, changes, activities, at), ...steps]);
  return { activity: activities[0], transactionId, paymentRequest: applied(paymentRequest, changes, activities, at) };
}

async function plan(
  input: PayInput,
  auth: AuthedRequest['auth'],
  callerNow: Date,
  derive: DeriveId,
  receipt: KeepAnswer['receipt'],
) {
  // Paying from an asset spends it: a role without `assets:spend` is refused before anything is read.
  const spend = input.assetId ? spendRefused(() => spendAccess(auth.access)) : undefined;
  // Wallet money counts against the payer's spend quota, and a payer spends only its own account's
  // assets (`assets:spend` is own-account): its limits and the asset's balances are read beside the
  // request, not after it and the merchant's account. Nothing read is used before it is authorized.
  if (spend && describeAssetType(input.assetType)?.kind !== 'token') {
    prefetchQuotaLimits(auth.principal.accountId);
    prefetchBalanceItems(input.assetId!);
  }
  const paymentRequest = await loadPaymentRequestOrForbid(input.paymentRequestId, callerNow);
  const now = await merchantNow(paymentRequest, callerNow);
  await auth.access.authorize(paymentRequest.merchantAccountId);
  assertNew(paymentRequest);
  if (paymentRequest.merchantConditions.some((c) => c.status !== 'accepted')) throw businessRule('PAYMENT_DECLINED');
  const option = paymentRequest.paymentOptions.find((o) => o.assetType === input.assetType);
  if (!option) throw businessRule('INVALID_ASSET_TYPE');
  // Payments by external transaction id or provider authorization settle outside this platform's ledger.
  if (!input.assetId || !spend) throw businessRule('INVALID_ASSET_TYPE');
  const remaining = BigInt(paymentRequest.remainingAmount);
  // A token is spent whole on one line item, under the tokens group's redemption rules.
  const redemption =
    describeAssetType(input.assetType)?.kind === 'token'
      ? await redeem(spend, input, paymentRequest, option, remaining, now)
      : undefined;
  if (!redemption && input.lineItems) throw badRequest('lineItems are only allowed for token payments');
  const asset = redemption?.token ?? (await spendableAsset(spend, input.assetId, input.assetType));
  const settlementAssetId = redemption
    ? redemption.transfer('').credit.assetId
    : paymentRequest.settlementWallets[input.assetType];
  if (!settlementAssetId) throw businessRule('INVALID_MERCHANT_CONFIG');

  const amount = redemption?.amount ?? payAmount(input, paymentRequest, remaining);
  const left = remaining - amount;
  // What a token leaves unpaid stays to be paid, unless the request takes a partial payment.
  const settled = redemption
    ? left === 0n || input.mode === 'partial-payment'
    : input.mode === 'multi-asset-payment'
      ? left === 0n
      : true;
  const at = isoTimestamp(now);
  const currency = paymentRequest.value.currency;
  const preAuth = paymentRequest.preAuth === true;
  assertWithinLimits(paymentRequest, asset.id);
  const spec: TransferSpec = redemption?.transfer(derive('transfer')) ?? {
    id: derive('transfer'),
    kind: 'payment' as const,
    debit: { assetId: asset.id, mode: 'single' as const },
    credit: settlementSide(settlementAssetId),
    amount,
    currency,
    liveness: paymentRequest.liveness,
    refs: { paymentRequestId: paymentRequest.id },
    creditCodes: SETTLEMENT_CODES,
    // Wallet money spent counts against the paying account's spend quota, in its own month.
    quota: {
      type: 'spend',
      accountId: asset.accountId,
      assetType: input.assetType,
      at: isoTimestamp(await ownerNow(asset.accountId, callerNow, findAccount)),
    },
  };
  const built = buildActivities(
    paymentRequest,
    [
      {
        type: 'payment',
        value: monetary(currency, amount),
        assetType: input.assetType,
        ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
        createdBy: auth.principal.crn,
        ...(input.mode ? { mode: input.mode } : {}),
        ...(input.externalPaymentRef ? { externalPaymentRef: input.externalPaymentRef } : {}),
        ...(redemption
          ? { lineItems: [redemption.lineItem as NonNullable<PaymentActivity['lineItems']>[number]] }
          : {}),
      },
      ...(settled && preAuth
        ? [
            {
              type: 'authorization' as const,
              value: paymentRequest.value,
              preAuth: true,
              createdBy: auth.principal.crn,
            },
          ]
        : []),
    ],
    at,
  );
  // The `paid` activity of a payment that settles is read from the payment (the store keeps it as a mark on it).
  const activities = settled && !preAuth ? [built[0], paidOf(built[0], paymentRequest.value)] : built;
  // A posted payment's transfer keeps the pay's receipt, pointing at its `payment` activity (PAY_RESPONSE).
  const receipted = !preAuth && receipt !== undefined && spec.id === derive(PAY_RESPONSE.transfer);
  // A pre-auth payment authorises: the funds stay reserved on the payer's asset until merchants confirm or release
  // them.
  const transfer = {
    txnId: spec.id,
    steps: preAuth
      ? await pendingTransfer(spec, at)
      : await postedTransfer(receipted ? { ...spec, receipt: receipt(activities[0]) } : spec, at),
  };
  if (preAuth) {
    const changes: Partial<StoredPaymentRequest> = {
      status: 'paid',
      remainingAmount: '0',
      preAuthStatus: 'authorized',
      preAuthExpiresAt: isoTimestamp(new Date(now.getTime() + PRE_AUTH_LIFETIME_MS)),
      authorization: {
        assetId: asset.id,
        assetType: input.assetType,
        amount: formatAmount(amount),
        payerAccountId: asset.accountId,
        activityId: activities[0].id,
        transferId: spec.id,
      },
      confirmedAmount: '0',
      updatedAt: at,
    };
    return { paymentRequest, changes, activities, steps: transfer.steps, transactionId: transfer.txnId, receipted };
  }
  const payment: Payment = {
    activityId: activities[0].id,
    assetId: asset.id,
    assetType: input.assetType,
    amount: formatAmount(amount),
    refundedAmount: '0',
    payerAccountId: asset.accountId,
    settlementAssetId,
    transactionId: transfer.txnId,
    createdAt: at,
    ...(redemption ? { token: { collectionId: redemption.collectionId, lineItem: redemption.lineItemIndex } } : {}),
  };
  const payments = [...paymentRequest.payments, payment];
  const changes: Partial<StoredPaymentRequest> = {
    status: settled ? 'paid' : 'new',
    remainingAmount: formatAmount(left),
    paidAmount: formatAmount(BigInt(paymentRequest.paidAmount) + amount),
    payments,
    paidBy: paidBy(payments, currency),
    updatedAt: at,
  };
  return { paymentRequest, changes, activities, steps: transfer.steps, transactionId: transfer.txnId, receipted };
}

/** A token's spend, planned by the tokens group; a token the caller may not spend is refused as a wallet would be. */
function redeem(
  spend: Access,
  input: PayInput,
  request: StoredPaymentRequest,
  option: PaymentOption,
  remaining: Amount,
  now: Date,
): Promise<Redemption> {
  const maySpend = async (accountId: string | undefined) => {
    if (!accountId) throw new SpendForbidden();
    await spendRefused(() => spend.account(accountId));
  };
  return planRedemption(
    {
      assetId: input.assetId!,
      assetType: input.assetType,
      acceptedCollections: (option.acceptedCollections ?? []) as AcceptedCollection[],
      merchantId: request.merchantId,
      requestLineItems: request.lineItems ?? [],
      bought: request.payments.flatMap((p) => (p.token?.lineItem === undefined ? [] : [p.token.lineItem])),
      ...(input.lineItems ? { chosen: input.lineItems } : {}),
      currency: request.value.currency,
      remaining,
      paymentRequestId: request.id,
      now,
    },
    maySpend,
  );
}

/** The caller may not spend the named asset (answers FORBIDDEN; the legacy API calls it INACTIVE_ASSET). */
export class SpendForbidden extends ForbiddenError {}

/** Runs an authorization check, turning its FORBIDDEN into a SpendForbidden. */
function spendRefused<T>(check: () => T): T {
  const refuse = (error: unknown): never => {
    throw error instanceof ForbiddenError ? new SpendForbidden() : error;
  };
  try {
    const result = check();
    return (result instanceof Promise ? result.catch(refuse) : result) as T;
  } catch (error) {
    return refuse(error);
  }
}

/**
 * The wallet asset must be one the caller may spend (`assets:spend` on its account: a foreign asset
 * answers like a missing one), active, of the option's type, and not a settlement wallet.
 */
async function spendableAsset(spend: Access, assetId: string, assetType: string): Promise<WalletAsset> {
  const asset = await findWalletAsset(assetId);
  if (!asset) throw new SpendForbidden();
  await spendRefused(() => spend.account(asset.accountId));
  if (asset.status !== 'active') throw businessRule('INACTIVE_ASSET');
  if (asset.type !== assetType || asset.settlement) throw businessRule('INVALID_ASSET_TYPE');
  return asset;
}

/** A request takes a bounded number of payments from a bounded number of assets (PAYMENT_LIMIT_EXCEEDED). */
export function assertWithinLimits(request: StoredPaymentRequest, assetId: string): void {
  if (request.payments.length >= MAX_PAYMENTS_PER_REQUEST) throw businessRule('PAYMENT_LIMIT_EXCEEDED');
  if (new Set([...request.payments.map((p) => p.assetId), assetId]).size > MAX_PAYING_ASSETS_PER_REQUEST)
    throw businessRule('PAYMENT_LIMIT_EXCEEDED');
}

function payAmount(input: PayInput, paymentRequest: StoredPaymentRequest, remaining: Amount): Amount {
  if (!input.mode) return remaining;
  if (input.mode === 'partial-payment' && !paymentRequest.partialAllowed) {
    throw badRequest('mode partial-payment needs a request created with partialAllowed');
  }
  if (input.mode === 'multi-asset-payment' && paymentRequest.preAuth)
    throw badRequest('a pre-auth request cannot take multi-asset payments');
  const amount = parsePositiveAmount('amount', input.amount as string);
  if (amount > remaining) throw badRequest(`amount must not exceed the remaining amount ${remaining}`);
  return amount;
}
