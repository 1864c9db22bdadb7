/**
 * The schema registry: each key is the schema's id, used by the route table, the generated
 * validators and the OpenAPI document. Types come from these objects (json-schema-to-ts).
 */
import { account, createAccountBody, setRateLimitBody, setSubscriptionsBody, subscriptions, updateAccountBody } from './accounts';
import { apiKey, apiKeyList, createApiKeyBody, createdApiKey, updateApiKeyBody } from './api-keys';
import { errorBody } from './common';
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
} as const;

export type SchemaId = keyof typeof SCHEMAS;
