import { findAssetTransfer } from '../../functions/asset-transfers/transfer-store';
import { runTransaction, TransactionConflictError } from '../../functions/core/db/transaction';
import { newId } from '../../functions/core/ids';
import { findPendingTransfer, postPending, voidPending } from '../../functions/core/ledger/transfers';
import { api, newAccount, type ApiResponse, type TestAccount } from '../support/api';
import {
  balance,
  balances,
  newMerchant,
  newPayer,
  newPaymentRequest,
  nzd,
  pay,
  type MerchantSetup,
} from '../support/payments';
import { claim, sendAsset } from '../support/value';

// Two-phase flows (a pending transfer posted in parts or voided) raced by many callers at once on a
// shared, loaded platform: each round makes dozens of calls.
jest.setTimeout(240_000);

const ROUNDS = 5;

/** A racing call answers its success, a documented refusal, or 409 TRANSACTION_CONFLICT: never a 5xx. */
function expectDocumented(results: ApiResponse[], refusals: string[]): void {
  for (const r of results) {
    if (r.status === 200) continue;
    if (r.status === 409) expect(r.body).toMatchObject({ statusCode: 409, message: 'TRANSACTION_CONFLICT' });
    // On a failure the received body shows what was answered instead.
    else
      expect(r.body).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: refusals.includes(r.body.message) ? r.body.message : `one of ${refusals.join(', ')}`,
      });
  }
}

/** An account's test-money wallets (not settlement), summed. */
async function held(account: TestAccount): Promise<bigint> {
  const wallets = await api('GET', '/api/wallet-assets', { key: account.apiKey });
  return wallets.body.reduce(
    (sum: bigint, w: { balance: string; settlement: boolean }) => sum + (w.settlement ? 0n : BigInt(w.balance)),
    0n,
  );
}

describe('two-phase transfers under concurrency', () => {
  it(
    'a post or void from a stale reading of what remains ' + 'is refused by DynamoDB as a conflict, writing nothing',
    async () => {
      const [sender, other] = await Promise.all([newPayer('10000'), newPayer('0')]);
      const multi = (
        await sendAsset(sender, {
          assetId: sender.walletId,
          value: '1050',
          claimType: 'multi',
          valueConfig: { type: 'flat', params: { amount: '100' } },
        })
      ).body;
      // Read as a claim reads it, then another claim commits.
      const stale = (await findAssetTransfer(multi.id))!;
      const pending = (await findPendingTransfer(stale.pendingTransferId))!;
      expect((await claim(await newAccount(), multi.id)).status).toBe(200);
      const before = await Promise.all([
        balances(sender.apiKey, sender.walletId),
        balances(other.apiKey, other.walletId),
      ]);

      const at = new Date().toISOString();
      const remaining = BigInt(stale.remainingValue);
      await expect(
        runTransaction(
          postPending(pending, { id: newId(), amount: remaining, remaining }, at, {
            credit: { assetId: other.walletId, mode: 'single' },
          }),
        ),
      ).rejects.toThrow(TransactionConflictError);
      await expect(runTransaction(voidPending(pending, remaining, at))).rejects.toThrow(TransactionConflictError);
      expect(
        await Promise.all([balances(sender.apiKey, sender.walletId), balances(other.apiKey, other.walletId)]),
      ).toEqual(before);
      expect(await findPendingTransfer(pending.id)).toMatchObject({ status: 'pending', remaining: '950' });
    },
  );

  const claims =
    `20 accounts claiming one multi transfer at once, ${ROUNDS} times: ` +
    'no 5xx, never more than its value, every cent accounted for';
  it(claims, async () => {
    const sender = await newPayer('100000');
    const claimants = await Promise.all(Array.from({ length: 20 }, () => newAccount()));
    // 10 flat claims of 100 and a last one of the 50 that remain: 11 of the 20 can be paid.
    const value = 1050n;
    for (let round = 0; round < ROUNDS; round++) {
      const before = await balances(sender.apiKey, sender.walletId);
      const claimantsBefore = await Promise.all(claimants.map(held));
      const multi = await sendAsset(sender, {
        assetId: sender.walletId,
        value: value.toString(),
        claimType: 'multi',
        valueConfig: { type: 'flat', params: { amount: '100' } },
      });
      expect(multi.status).toBe(200);

      const results = await Promise.all(claimants.map((c) => claim(c, multi.body.id)));
      expectDocumented(results, ['ASSET_TRANSFER_INVALID_STATUS']);

      const gained = (await Promise.all(claimants.map(held))).map((after, i) => after - claimantsBefore[i]);
      const claimed = gained.reduce((sum, g) => sum + g, 0n);
      // Each successful claim paid its flat amount (the last one what remained); a refused or conflicting one paid
      // nothing.
      for (const [i, r] of results.entries()) expect(gained[i] > 0n).toBe(r.status === 200);
      expect(claimed).toBeLessThanOrEqual(value);
      const transfer = (await api('GET', `/api/asset-transfers/${multi.body.id}`, { key: sender.apiKey })).body;
      expect(BigInt(transfer.remainingValue)).toBe(value - claimed);
      // The sender paid exactly what was claimed and still holds the rest for the transfer.
      expect(await balances(sender.apiKey, sender.walletId)).toEqual({
        balance: String(BigInt(before.balance) - claimed),
        available: String(BigInt(before.available) - value),
      });
      // Only conflicts leave value unclaimed: a refusal means the whole value was claimed.
      if (results.some((r) => r.status === 403)) expect(claimed).toBe(value);
    }
  });

  describe('pre-auth confirmations', () => {
    let merchant: MerchantSetup;
    beforeAll(async () => {
      merchant = await newMerchant();
    });
    const post = (path: string, body?: unknown) =>
      api('POST', path, { key: merchant.owner.apiKey, ...(body ? { body } : {}) });

    const races =
      `12 confirmations and a release racing on one authorisation, ${ROUNDS} times: ` +
      'no 5xx, never more than authorised';
    it(races, async () => {
      const payer = await newPayer('100000');
      for (let round = 0; round < ROUNDS; round++) {
        const pr = await newPaymentRequest(merchant, { value: nzd('5000'), preAuth: true });
        expect((await pay(payer, pr.id, `auth-${round}`)).status).toBe(200);
        const before = await balances(payer.apiKey, payer.walletId);
        const settlementBefore = BigInt(await balance(merchant.owner.apiKey, merchant.settlementWalletId));

        const confirms = Array.from({ length: 12 }, (_, i) =>
          post(`/api/payment-requests/${pr.id}/confirm`, {
            idempotencyKey: `c-${round}-${i}`,
            invoiceRef: `inv-${round}-${i}`,
            lineItems: [{ name: 'fuel', qty: '1', price: '500' }],
          }),
        );
        const [release, ...confirmed] = await Promise.all([
          post(`/api/payment-requests/${pr.id}/release`),
          ...confirms,
        ]);
        expectDocumented(confirmed, ['INVALID_AMOUNT', 'PRE_AUTH_RELEASED']);
        expectDocumented([release], []);

        const drawn = BigInt(confirmed.filter((r) => r.status === 200).length) * 500n;
        expect(drawn).toBeLessThanOrEqual(5000n);
        const activities = (
          await api('GET', `/api/payment-requests/${pr.id}/activities`, { key: merchant.owner.apiKey })
        ).body.items as { type: string }[];
        expect(activities.filter((a) => a.type === 'confirmation')).toHaveLength(Number(drawn / 500n));
        // The merchant got exactly what was confirmed and the patron paid it; a release gave back the rest of the hold.
        expect(BigInt(await balance(merchant.owner.apiKey, merchant.settlementWalletId)) - settlementBefore).toBe(
          drawn,
        );
        expect(await balances(payer.apiKey, payer.walletId)).toEqual({
          balance: String(BigInt(before.balance) - drawn),
          available: String(BigInt(before.available) + (release.status === 200 ? 5000n - drawn : 0n)),
        });
      }
    });
  });
});
