import { isoTimestamp } from '../core/clock';
import { retryOnConflict, runTransaction } from '../core/db/transaction';
import { businessRule } from '../core/http/errors';
import { newId } from '../core/ids';
import { idempotent } from '../core/idempotency';
import { testIssuanceAssetId, transferSteps } from '../core/ledger/postings';
import { monetary, type Amount } from '../core/money';
import type { WalletAsset } from './asset-store';

export interface TestTopup {
  id: string;
  assetId: string;
  value: { currency: string; amount: string };
  idempotencyKey: string;
  createdAt: string;
  createdBy: string;
}

/**
 * Funds a test wallet instantly: test money issued by the platform's test issuance asset, as one
 * double-entry transfer, once per idempotency key. Live money only moves through real flows.
 */
export async function issueTestFunds(asset: WalletAsset, amount: Amount, idempotencyKey: string, createdBy: string, now: Date): Promise<TestTopup> {
  if (asset.liveness !== 'test') throw businessRule('LIVENESS_MISMATCH');
  if (asset.settlement) throw businessRule('INVALID_WALLET_TYPE');
  const scope = { accountId: asset.accountId, operation: 'test-topup', key: idempotencyKey };
  const request = { assetId: asset.id, value: monetary(asset.currency, amount) };
  return retryOnConflict(() =>
    idempotent<TestTopup>(scope, request, async (record) => {
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
      const response: TestTopup = { id: topupId, assetId: asset.id, value: request.value, idempotencyKey, createdAt: at, createdBy };
      await runTransaction([record(response), ...steps]);
      return response;
    }),
  );
}
