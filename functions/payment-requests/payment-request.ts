import type { FromSchema } from 'json-schema-to-ts';
import type { paymentActivity, paymentRequest } from './schemas';

/**
 * The payment request record and its activities. Apart from the store, so that what the store's
 * transitions derive (webhook events) can read the record without importing the store back.
 */
export type PaymentRequest = FromSchema<typeof paymentRequest>;
export type PaymentActivity = FromSchema<typeof paymentActivity>;
export type ActivityType = PaymentActivity['type'];

/** A payment made towards a request: what refunds and voids give back, and to whom. */
export interface Payment {
  activityId: string;
  assetId: string;
  assetType: string;
  amount: string;
  refundedAmount: string;
  payerAccountId: string;
  /** The merchant's settlement wallet that received it. */
  settlementAssetId: string;
  /** The ledger transaction that moved it: the legacy API's transaction id. */
  transactionId: string;
  createdAt: string;
  /**
   * A token payment: the token (`assetId`) was spent whole and a refund gives it back whole. `lineItem`: the index of
   * the request's line item it bought (absent on payments made before it was kept), which no other token buys.
   */
  token?: { collectionId: string; lineItem?: number };
}

/** What only the legacy API (`/payments/api/…`) keeps on a request it created. */
interface LegacyFields {
  /** The merchant config id as the client named it (with or without `mc_`). */
  clientId: string;
  description?: string;
  /** Where the legacy webhooks of this request go. */
  notifyUrl?: string;
}

/** The stored record: the public fields plus what the platform needs to move money safely. */
export type StoredPaymentRequest = PaymentRequest & {
  merchantAccountId: string;
  createdBy: string;
  /** Optimistic concurrency: every state change is conditional on it. */
  version: number;
  activityCount: number;
  paidAmount: string;
  refundedAmount: string;
  payments: Payment[];
  /** Settlement wallet per accepted asset type, from the merchant config at creation. */
  settlementWallets: Record<string, string>;
  /** Patron code the request was created with; its account is the patron. */
  patronAccountId?: string;
  /** Pre-auth: the funds authorised and held, and how much of them merchants have confirmed. */
  authorization?: {
    assetId: string;
    assetType: string;
    amount: string;
    payerAccountId: string;
    activityId: string;
    transferId: string;
  };
  confirmedAmount?: string;
  legacy?: LegacyFields;
};
