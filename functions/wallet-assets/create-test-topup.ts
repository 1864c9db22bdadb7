import type { FromSchema } from 'json-schema-to-ts';
import type { testTopupBody } from '../../schemas/wallet-assets';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { badRequest, businessRule } from '../core/http/errors';
import { newId } from '../core/ids';
import { idempotent } from '../core/idempotency';
import { testIssuanceAssetId, transferSteps } from '../core/ledger/postings';
import { monetary, parsePositiveAmount } from '../core/money';
import { authedOperation } from '../core/http/operation';
import { loadWalletAsset } from './load-wallet-asset';

type Body = FromSchema<typeof testTopupBody>;

/** One test top-up may add at most this much (NZD 100,000.00). */
const MAX_TEST_TOPUP = 10_000_001n;

/**
 * Funds a test wallet instantly: test money issued by the platform's test issuance asset, as one
 * double-entry transfer. Live money only moves through the flows that move it.
 */
export const createTestTopup = authedOperation<Body>(async (request) => {
  const { body, auth, now } = request;
  const asset = await loadWalletAsset(request, 'assetId');
  if (asset.liveness !== 'test') throw businessRule('LIVENESS_MISMATCH');
  if (asset.settlement) throw businessRule('INVALID_WALLET_TYPE');
  if (body.value.currency !== asset.currency) throw badRequest(`value.currency must be ${asset.currency}`);
  const amount = parsePositiveAmount('value.amount', body.value.amount, MAX_TEST_TOPUP);
  const scope = { accountId: asset.accountId, operation: 'test-topup', key: body.idempotencyKey };
  return retryOnConflict(() =>
    idempotent(scope, { assetId: asset.id, value: body.value }, async (record) => {
      const at = isoTimestamp(now);
      const topupId = newId();
      const { steps } = transferSteps(
        {
          kind: 'test-topup',
          debitAssetId: testIssuanceAssetId(asset.currency),
          creditAssetId: asset.id,
          amount,
          currency: asset.currency,
          debitMayGoNegative: true,
          refs: { topupId },
        },
        at,
      );
      const response = {
        id: topupId,
        assetId: asset.id,
        value: monetary(asset.currency, amount),
        idempotencyKey: body.idempotencyKey,
        createdAt: at,
        createdBy: auth.principal.crn,
      };
      await runTransaction([record(response), ...steps]);
      return response;
    }),
  );
});
