import type { FromSchema } from 'json-schema-to-ts';
import type { createPaymentRequestBody } from './schemas';
import { isoTimestamp } from '../core/clock';
import { patronRequestLinkEntity, paymentRequestEntity, requestUrl } from './keys';
import type { TransactionStep } from '../core/db/transaction';
import { badRequest, businessRule, forbidden, invalidRequest } from '../core/errors/classes';
import { newId } from '../core/ids';
import { authedOperation, type AuthedRequest } from '../core/http/operation';
import { formatAmount, parseAmount, parsePositiveAmount } from '../core/money';
import { logger } from '../core/observability';
import { commitWithTimer } from '../core/timers';
import { findMerchantConfig } from '../merchant-configs';
import { accountTaxNumber } from '../businesses';
import { connectionRequestStep, connectionStatusFor } from '../connections';
import { activateMerchantOnFirstRequest, findMerchant } from '../merchants';
import { attachPaymentRequestStep } from '../payment-links';
import { findMerchantCollections, tokenPaymentOptions } from '../tokens';
import { resolveLineItems } from './line-items';
import { merchantNow } from './request-clock';
import { PAYMENTS_SERVICE } from './load-payment-request';
import { buildActivities, present, transitionSteps } from './payment-request-store';
import type { Principal } from '../core/auth/principal';
import type { StoredPaymentRequest } from './payment-request';
import { derivePaymentOptions } from './payment-options';
import { resolvePatronCode } from './patron-code-conditions';
import { newShortCode } from './short-code';

type Body = FromSchema<typeof createPaymentRequestBody>;

/** Default and bounds of `expirySeconds` (the default is documented; the bounds are ours). */
const EXPIRY_SECONDS = { default: 120, min: 10, max: 86_400 } as const;

export const createPaymentRequest = authedOperation<Body>(async ({ body, auth, now }) =>
  present(await insertPaymentRequest(body, auth, now)),
);

/**
 * Creates the one payment request record that both API versions read and act on. `extra` holds
 * what only the caller's API version keeps on it (the legacy API's own fields).
 */
export async function insertPaymentRequest(
  body: Body,
  auth: AuthedRequest['auth'],
  callerNow: Date,
  extra: Pick<StoredPaymentRequest, 'legacy'> = {},
): Promise<StoredPaymentRequest> {
  const merchantConfig = await findMerchantConfig(body.configId);
  if (!merchantConfig) throw forbidden();
  await auth.access.merchantAccount(merchantConfig.merchantAccountId, merchantConfig.merchantId);
  const [merchant, taxNumber] = await Promise.all([
    findMerchant(merchantConfig.merchantId),
    accountTaxNumber(merchantConfig.merchantAccountId),
  ]);
  if (!merchant) throw forbidden();

  const value = { currency: body.value.currency, amount: parsePositiveAmount('value.amount', body.value.amount) };
  const expirySeconds = parseExpiry(body.expirySeconds);
  const basketAmount = checkPartial(body, value.amount);
  const lineItems = body.lineItems ? resolveLineItems(body.lineItems) : undefined;
  if (lineItems && lineItems.total !== value.amount && lineItems.total !== basketAmount) {
    throw invalidRequest('LINE_ITEMS_SUM_CHECK_FAILED');
  }
  checkRedirects(body, merchantConfig.allowedRedirectUrls ?? []);
  const liveness = merchantConfig.test ? 'test' : 'main';
  const links = await checkLinks(body, merchant, liveness, auth.principal);
  const patron = body.barcode ? await resolvePatronCode(body.barcode, liveness, callerNow) : undefined;
  const paymentOptions = [
    ...derivePaymentOptions(merchantConfig, value, body.preAuth === true),
    // Tokens buy line items by SKU (the tokens group's rules); a pre-auth holds money only.
    ...(body.preAuth
      ? []
      : await tokenPaymentOptions({
          options: merchantConfig.paymentOptions,
          merchantId: merchant.id,
          liveness,
          value,
          lineItems: lineItems?.items ?? [],
        })),
  ];
  if (!paymentOptions.length) throw businessRule('NO_AVAILABLE_PAYMENT_OPTIONS');
  if (patron?.requiresTestWallet && !paymentOptions.some((o) => o.assetType.endsWith('.nzd.test'))) {
    throw businessRule('NO_AVAILABLE_PAYMENT_OPTIONS');
  }

  // Created, and due to expire, on the merchant's clock (request-clock.ts).
  const now = await merchantNow({ merchantAccountId: merchantConfig.merchantAccountId }, callerNow);
  const at = isoTimestamp(now);
  const id = newId();
  const shortCode = newShortCode();
  const request: StoredPaymentRequest = {
    id,
    shortCode,
    url: requestUrl(id),
    value: { currency: value.currency, amount: formatAmount(value.amount) },
    paymentOptions,
    merchantId: merchant.id,
    merchantName: merchant.name,
    configId: merchantConfig.id,
    status: 'new',
    liveness,
    createdAt: at,
    updatedAt: at,
    expiresAt: isoTimestamp(new Date(now.getTime() + expirySeconds * 1000)),
    expirySeconds,
    merchantConditions: patron?.conditions ?? [],
    // The merchant's business's, as it stands when the request is made (a later change is not the request's).
    ...(taxNumber ? { taxNumber } : {}),
    remainingAmount: formatAmount(value.amount),
    ...copied(body),
    ...(lineItems ? { lineItems: lineItems.items as StoredPaymentRequest['lineItems'] } : {}),
    ...(basketAmount !== undefined ? { basketAmount: formatAmount(basketAmount) } : {}),
    ...links,
    ...(patron
      ? { patronCodeId: patron.code.id, barcode: patron.code.barcode, patronAccountId: patron.code.accountId }
      : {}),
    ...(body.preAuth ? { preAuth: true } : {}),
    createdByAccountId: auth.principal.accountId,
    createdByAccountName: body.createdByAccountName ?? auth.principal.account.name,
    merchantAccountId: merchantConfig.merchantAccountId,
    createdBy: auth.principal.crn,
    version: 0,
    activityCount: 0,
    paidAmount: '0',
    refundedAmount: '0',
    payments: [],
    settlementWallets: Object.fromEntries(
      merchantConfig.paymentOptions.filter((o) => o.walletId).map((o) => [o.type, o.walletId as string]),
    ),
    ...extra,
  };
  const activityType = body.preAuth ? 'preAuthRequest' : 'request';
  // A condition arising on a request that cannot take conditions cancels it at once.
  const refused = request.merchantConditions.length > 0 && body.conditionsEnabled !== true;
  if (refused) Object.assign(request, { status: 'cancelled', cancellationReason: 'PAYMENT_DECLINED' });
  const activities = buildActivities(
    request,
    [
      {
        type: activityType,
        value: request.value,
        ...(body.preAuth ? { preAuth: true } : {}),
        createdBy: auth.principal.crn,
      },
      ...(refused
        ? [
            {
              type: 'cancellation' as const,
              value: request.value,
              cancellationReason: 'PAYMENT_DECLINED',
              createdBy: PAYMENTS_SERVICE,
            },
          ]
        : []),
    ],
    at,
  );
  const stored = { ...request, version: 1, activityCount: activities.length };
  const steps: TransactionStep[] = [
    paymentRequestEntity.createStep(stored),
    ...transitionSteps(stored, {}, activities, at).slice(1),
  ];
  if (patron) {
    steps.push(
      patronRequestLinkEntity.putStep({ patronAccountId: patron.code.accountId, createdAt: at, paymentRequestId: id }),
    );
  }
  // The connection's latest request is found through it (GET …/connections/{id}/latest-payment-request).
  if (request.connectionId) steps.push(connectionRequestStep(request.connectionId, { id, createdAt: at }));
  if (request.paymentLinkId)
    steps.push(
      attachPaymentRequestStep(request.paymentLinkId, {
        id,
        merchantId: merchant.id,
        createdAt: at,
        createdBy: auth.principal.crn,
      }),
    );
  // Due at least EXPIRY_SECONDS.min later. Activation waits for the commit: never without its request.
  await commitWithTimer(
    steps,
    { kind: 'payment-request-expiry', id, accountId: stored.merchantAccountId, dueAt: stored.expiresAt },
    now,
  );
  await activateMerchantOnFirstRequest(merchant, now).catch((error: unknown) =>
    logger.warn('merchant activation failed', { paymentRequestId: id, error: String(error) }),
  );
  return stored;
}

function parseExpiry(input: Body['expirySeconds']): number {
  if (input === undefined) return EXPIRY_SECONDS.default;
  const seconds = typeof input === 'string' ? Number(input) : input;
  if (!Number.isInteger(seconds) || seconds < EXPIRY_SECONDS.min || seconds > EXPIRY_SECONDS.max) {
    throw badRequest(`expirySeconds must be an integer from ${EXPIRY_SECONDS.min} to ${EXPIRY_SECONDS.max}`);
  }
  return seconds;
}

/** A partial-payment request names the whole basket; the platform collects `value` of it. */
function checkPartial(body: Body, amount: bigint): bigint | undefined {
  if (body.basketAmount === undefined) {
    if (body.partialAllowed) throw badRequest('basketAmount is required when partialAllowed is true');
    return undefined;
  }
  const basket = parseAmount('basketAmount', body.basketAmount);
  if (basket < amount) throw badRequest('basketAmount must not be less than value.amount');
  return basket;
}

function checkRedirects(body: Body, allowed: readonly string[]): void {
  for (const url of [body.redirectCancelUrl, body.redirectPaidUrl]) {
    if (url !== undefined && !allowed.some((prefix) => url.startsWith(prefix)))
      throw businessRule('REDIRECT_URL_INVALID');
  }
}

const COPIED_FIELDS = [
  'barcodeType',
  'collectionId',
  'purchaseOrderRef',
  'invoiceRef',
  'redirectCancelUrl',
  'redirectPaidUrl',
  'externalRef',
  'terminalId',
  'deviceId',
  'operatorId',
  'conditionsEnabled',
  'patronNotPresent',
  'partialAllowed',
  'connectionId',
  'paymentLinkId',
] as const;

function copied(body: Body): Partial<StoredPaymentRequest> {
  const out: Record<string, unknown> = {};
  for (const field of COPIED_FIELDS) if (body[field] !== undefined) out[field] = body[field];
  return out;
}

/**
 * Linked resources must exist and be the merchant's to name: a token collection of its account or
 * of an issuer that agreed a redemption condition with it, of the request's liveness (any other
 * answers TOKEN_COLLECTION_NOT_FOUND, as a missing one does); a connection (the connections group's
 * rules; its status shows on the request). A payment link is checked by the creating transaction
 * itself (`attachPaymentRequestStep`).
 */
async function checkLinks(
  body: Body,
  merchant: { id: string; accountId: string },
  liveness: 'test' | 'main',
  caller: Principal,
): Promise<Pick<StoredPaymentRequest, 'connectionStatus'>> {
  if (body.collectionId) {
    const collection = (await findMerchantCollections([body.collectionId], merchant)).get(body.collectionId);
    if (!collection || collection.test !== (liveness === 'test')) throw businessRule('TOKEN_COLLECTION_NOT_FOUND');
  }
  return body.connectionId
    ? {
        connectionStatus: await connectionStatusFor(body.connectionId, {
          merchantId: merchant.id,
          createdByAccountId: caller.accountId,
        }),
      }
    : {};
}
