/**
 * The schema registry: each key is the schema's id, used by the route table, the generated
 * validators and the OpenAPI document. Types come from these objects (json-schema-to-ts).
 */
import { account, createAccountBody, setRateLimitBody, setSubscriptionsBody, subscriptions, updateAccountBody } from './accounts';
import { apiKey, apiKeyList, createApiKeyBody, createdApiKey, updateApiKeyBody } from './api-keys';
import { errorBody } from './common';
import { createWalletBody, wallet, walletList } from './wallets';
import { createPatronCodeBody, patronCode, patronCodeMetadata, patronCodeMetadataBody } from './patron-codes';
import { merchantConfig, merchantConfigBody, merchantConfigList } from './merchant-configs';
import {
  createMerchantBody,
  listMerchantsQuery,
  merchant,
  merchantActivity,
  merchantMetadata,
  merchantMetadataBody,
  merchantPage,
  merchantSearchQuery,
  merchantSearchResults,
  setOnboardingStatusBody,
  updateMerchantBody,
} from './merchants';
import {
  confirmBody,
  createPaymentRequestBody,
  externalRefQuery,
  payBody,
  paymentActivitiesQuery,
  paymentActivity,
  paymentActivityPage,
  paymentRequest,
  paymentRequestPage,
  paymentRequestSummary,
  refundBody,
} from './payment-requests';
import {
  createWalletAssetBody,
  listWalletAssetsQuery,
  testTopup,
  testTopupBody,
  walletAsset,
  walletAssetList,
  walletTransactionPage,
  walletTransactionsQuery,
} from './wallet-assets';

export const SCHEMAS = {
  Error: errorBody,
  Account: account,
  CreateAccountBody: createAccountBody,
  UpdateAccountBody: updateAccountBody,
  SetSubscriptionsBody: setSubscriptionsBody,
  Subscriptions: subscriptions,
  SetRateLimitBody: setRateLimitBody,
  ApiKey: apiKey,
  CreatedApiKey: createdApiKey,
  ApiKeyList: apiKeyList,
  CreateApiKeyBody: createApiKeyBody,
  UpdateApiKeyBody: updateApiKeyBody,
  WalletAsset: walletAsset,
  WalletAssetList: walletAssetList,
  CreateWalletAssetBody: createWalletAssetBody,
  ListWalletAssetsQuery: listWalletAssetsQuery,
  TestTopupBody: testTopupBody,
  TestTopup: testTopup,
  WalletTransactionPage: walletTransactionPage,
  WalletTransactionsQuery: walletTransactionsQuery,
  Merchant: merchant,
  MerchantPage: merchantPage,
  CreateMerchantBody: createMerchantBody,
  UpdateMerchantBody: updateMerchantBody,
  ListMerchantsQuery: listMerchantsQuery,
  SetOnboardingStatusBody: setOnboardingStatusBody,
  MerchantActivity: merchantActivity,
  MerchantMetadataBody: merchantMetadataBody,
  MerchantMetadata: merchantMetadata,
  MerchantSearchQuery: merchantSearchQuery,
  MerchantSearchResults: merchantSearchResults,
  MerchantConfig: merchantConfig,
  MerchantConfigList: merchantConfigList,
  MerchantConfigBody: merchantConfigBody,
  CreatePaymentRequestBody: createPaymentRequestBody,
  PaymentRequest: paymentRequest,
  PaymentRequestSummary: paymentRequestSummary,
  PaymentRequestPage: paymentRequestPage,
  ExternalRefQuery: externalRefQuery,
  PaymentActivity: paymentActivity,
  PaymentActivityPage: paymentActivityPage,
  PaymentActivitiesQuery: paymentActivitiesQuery,
  PayBody: payBody,
  RefundBody: refundBody,
  ConfirmBody: confirmBody,
  PatronCode: patronCode,
  CreatePatronCodeBody: createPatronCodeBody,
  PatronCodeMetadataBody: patronCodeMetadataBody,
  PatronCodeMetadata: patronCodeMetadata,
  Wallet: wallet,
  WalletList: walletList,
  CreateWalletBody: createWalletBody,
} as const;

export type SchemaId = keyof typeof SCHEMAS;
