import type { FromSchema } from 'json-schema-to-ts';
import type { testTopupBody } from './schemas';
import { badRequest } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { idempotentReply } from '../core/http/response';
import { parsePositiveAmount } from '../core/money';
import { loadWalletAsset } from './load-wallet-asset';
import { issueTestFunds } from './test-funds';

type Body = FromSchema<typeof testTopupBody>;

/** One test top-up may add at most this much (NZD 100,000.00). */
const MAX_TEST_TOPUP = 10_000_001n;

export const createTestTopup = authedOperation<Body>(async (request) => {
  const { body, auth, now } = request;
  const asset = await loadWalletAsset(request, 'assetId');
  if (body.value.currency !== asset.currency) throw badRequest(`value.currency must be ${asset.currency}`);
  const amount = parsePositiveAmount('value.amount', body.value.amount, MAX_TEST_TOPUP);
  return idempotentReply(await issueTestFunds(asset, amount, body.idempotencyKey, auth.principal, now));
});
