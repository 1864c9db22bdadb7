import { createGroupHandler } from '../core/http/group-handler';
import { createAccount } from './create-account';
import { createApiKey } from './create-api-key';
import { getAccount } from './get-account';
import { listApiKeys } from './list-api-keys';
import { setRateLimit } from './set-rate-limit';
import { setSubscriptions } from './set-subscriptions';
import { updateAccount } from './update-account';
import { updateApiKey } from './update-api-key';

export const handler = createGroupHandler('accounts', {
  createAccount,
  getAccount,
  updateAccount,
  setSubscriptions,
  setRateLimit,
  createApiKey,
  listApiKeys,
  updateApiKey,
});
