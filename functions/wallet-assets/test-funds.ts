import type { FromSchema } from 'json-schema-to-ts';
import type { testTopup } from './schemas';
import { isoTimestamp } from '../core/clock';
import { runTransaction } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import { idempotent, type Idempotent } from '../core/idempotency';
import { postedTransfer, testIssuanceAsset } from '../core/ledger/transfers';
import { monetary, type Amount } from '../core/money';
import type { WalletAsset } from './asset-store';

export type TestTopup = FromSchema<typeof testTopup>;

/**
 * Funds a test wallet instantly: test money issued by the platform's test issuance asset, as one
 * posted transfer, once per idempotency key of the calling account. Live money only moves through
 * real flows.
 */
export function issueTestFunds(
  asset: WalletAsset,
  amount: Amount,
  idempotencyKey: string,
  caller: { accountId: string; crn: string },
  now: Date,
): Promise<Idempotent<TestTopup>> {
  if (asset.liveness !== 'test') throw businessRule('LIVENESS_MISMATCH');
  if (asset.settlement) throw businessRule('INVALID_WALLET_TYPE');
  const value = monetary(asset.currency, amount);
  const command = {
    operation: 'createTestTopup',
    accountId: caller.accountId,
    key: idempotencyKey,
    command: { assetId: asset.id, value },
  };
  return idempotent<TestTopup>(command, async ({ record, derive }) => {
    const at = isoTimestamp(now);
    const topupId = derive('topup');
    const steps = await postedTransfer(
      {
        id: derive('transfer'),
        kind: 'test-topup',
        debit: testIssuanceAsset(asset.currency),
        credit: { assetId: asset.id, mode: 'single' },
        amount,
        currency: asset.currency,
        liveness: 'test',
        refs: { topupId },
      },
      at,
    );
    const response: TestTopup = {
      id: topupId,
      assetId: asset.id,
      value,
      idempotencyKey,
      createdAt: at,
      createdBy: caller.crn,
    };
    await runTransaction([record(response), ...steps]);
    return response;
  });
}
