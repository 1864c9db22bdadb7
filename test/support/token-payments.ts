import { api, type TestAccount } from './api';
import { newMerchant, nzd, type MerchantSetup } from './payments';
import { collectionManager, newCollection, newCondition, newToken, ok, uniqueKey } from './value';

/**
 * Fixtures for paying with tokens: a merchant whose config takes tokens, requests with line items
 * a token can buy, and the pay that spends a token. Made through the API.
 */

export type TokenMerchant = MerchantSetup & { tokenConfigId: string };

export const lineItem = (sku: string, price: string, name = sku) => ({ name, sku, qty: '1', price });
export type LineItem = ReturnType<typeof lineItem>;

/** Products a redemption condition allows: bread up to 400, cake up to 800. */
export const PRODUCTS = [
  { sku: 'bread', name: 'Bread', maxValue: nzd('400') },
  { sku: 'cake', name: 'Cake', maxValue: nzd('800') },
];

/**
 * A merchant whose config takes test money and tokens of the given collections (none: those it has
 * conditions for). A collection of another issuer's is named only once that issuer agreed a
 * redemption condition with the merchant (`beforeConfig` makes it).
 */
export async function tokenMerchant(
  collectionIds?: string[],
  beforeConfig?: (merchant: MerchantSetup) => Promise<unknown>,
): Promise<TokenMerchant> {
  const merchant = await newMerchant();
  await beforeConfig?.(merchant);
  const config = await ok(
    api('POST', `/api/merchants/${merchant.merchantId}/configs`, {
      key: merchant.owner.apiKey,
      body: {
        paymentOptions: [
          { type: 'svc.nzd.test', walletId: merchant.settlementWalletId },
          { type: 'svc.token.test', ...(collectionIds ? { collectionIds } : {}) },
        ],
      },
    }),
    'token config',
  );
  return { ...merchant, tokenConfigId: config.id };
}

/** A request of the token config whose value is the sum of its line items. */
export const newTokenRequest = (merchant: TokenMerchant, lineItems: LineItem[], extra: Record<string, unknown> = {}) =>
  ok(
    api('POST', '/api/payment-requests', {
      key: merchant.owner.apiKey,
      body: {
        configId: merchant.tokenConfigId,
        value: nzd(String(lineItems.reduce((sum, i) => sum + Number(i.price), 0))),
        lineItems,
        ...extra,
      },
    }),
    'payment request',
  );

export const payWithToken = (
  payer: TestAccount,
  requestId: string,
  tokenId: string,
  extra: Record<string, unknown> = {},
) =>
  api('POST', `/api/payment-requests/${requestId}/pay`, {
    key: payer.apiKey,
    body: { assetType: 'svc.token.test', assetId: tokenId, idempotencyKey: uniqueKey('pay'), ...extra },
  });

/** A token issuer, its collection and a merchant that takes the collection's tokens for PRODUCTS. */
export interface TokenShop {
  issuer: TestAccount;
  collection: { id: string };
  merchant: TokenMerchant;
  /** A fresh token of the collection held by `holder`. */
  token: (holder: TestAccount) => Promise<{ id: string }>;
}

export async function tokenShop(): Promise<TokenShop> {
  const issuer = await collectionManager();
  const collection = await newCollection(issuer, { maxValue: nzd('1000') });
  const merchant = await tokenMerchant([collection.id], (m) =>
    newCondition(issuer, collection.id, m.merchantId, PRODUCTS),
  );
  return {
    issuer,
    collection,
    merchant,
    token: (holder) => newToken(issuer, collection.id, { accountId: holder.accountId }),
  };
}
