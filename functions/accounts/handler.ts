import { groupHandler } from '../group-lambda';
import { createAccount } from './create-account';
import { createApiKey } from './create-api-key';
import { getAccount } from './get-account';
import { listApiKeys } from './list-api-keys';
import { setRateLimit } from './set-rate-limit';
import { setSubscriptions } from './set-subscriptions';
import { updateAccount } from './update-account';
import { updateApiKey } from './update-api-key';

export const handler = groupHandler('accounts', {
  createAccount,
  getAccount,
  updateAccount,
  setSubscriptions,
  setRateLimit,
  createApiKey,
  listApiKeys,
  updateApiKey,
});
