import { insertAccount } from '../accounts';
import { Access, type Authorization } from '../core/auth/access';
import type { Principal } from '../core/auth/principal';
import { parseMoneyAssetType } from '../core/asset-types';
import { isoTimestamp } from '../core/clock';
import { serviceCrn } from '../core/crn';
import { defineEntity, EntityExistsError } from '../core/db/entity';
import { idempotent } from '../core/idempotency';
import { findWalletAsset, insertWalletAsset, issueTestFunds, type WalletAsset } from '../wallet-assets';
import {
  commitPayment,
  PAY_RESPONSE,
  type PayInput,
  type PaymentActivity,
  type StoredPaymentRequest,
} from '../payment-requests';

/**
 * The platform's test payer: what "Pay with test wallet" on a test-mode hosted checkout pays from.
 *
 * - One test account (`test: true`, no API key, created by `crn::service:hosted-checkout`), made on
 *   first use, holding one wallet per test money ledger (e.g. `svc.nzd.test`), also made on first use.
 * - Funding: before each hosted test payment the platform tops that wallet up with exactly the amount
 *   it is about to pay, through the wallet-assets group's test top-up (`issueTestFunds`: a posted
 *   transfer from the platform's test issuance asset, the same as `POST /api/wallet-assets/{id}/test-topups`),
 *   idempotent per request and amount. Test money is issued, never made from nothing, and the wallet
 *   never runs short, whatever else pays from it at the same time.
 * - The payment is the real pay path: `commitPayment` under the idempotency engine, as
 *   `POST /api/payment-requests/{id}/pay` runs it, authorized by the real permission matrix as the
 *   account owner of the test payer account (`payment-requests:pay`, and `assets:spend` on its own
 *   wallet). The key is per request, so a second click replays the first payment.
 *
 * - hosted-checkout test payer: PK HOSTEDCHECKOUT#TESTPAYER, SK ACCOUNT
 *   serves: the test payer account's id
 * - hosted-checkout test payer: PK HOSTEDCHECKOUT#TESTPAYER, SK WALLET#<ledger>
 *   serves: its wallet of a test ledger
 */
export const HOSTED_CHECKOUT = serviceCrn('hosted-checkout');

interface TestPayerRef {
  /** `ACCOUNT` or `WALLET#<ledger>`. */
  ref: string;
  /** The account's or wallet asset's id. */
  id: string;
  createdAt: string;
}

const testPayerKey = (ref: string) => ({ PK: 'HOSTEDCHECKOUT#TESTPAYER', SK: ref });

const testPayerRefEntity = defineEntity<TestPayerRef, [ref: string]>({
  type: 'hosted-checkout-test-payer',
  version: 1,
  key: testPayerKey,
  keyOf: (record) => testPayerKey(record.ref),
  required: ['ref', 'id'],
});

/**
 * The option "Pay with test wallet" pays: a test money ledger the merchant settles in. Undefined for a live request.
 */
export function testAssetTypeOf(
  request: Pick<StoredPaymentRequest, 'liveness' | 'paymentOptions' | 'settlementWallets'>,
): string | undefined {
  if (request.liveness !== 'test') return undefined;
  return request.paymentOptions
    .map((option) => option.assetType)
    .find((type) => parseMoneyAssetType(type)?.liveness === 'test' && request.settlementWallets[type] !== undefined);
}

/** Pays the request's remaining amount from the platform's test wallet of `assetType` (see above). */
export async function payFromTestWallet(
  request: Pick<StoredPaymentRequest, 'id' | 'remainingAmount'>,
  assetType: string,
  authorization: Authorization,
  now: Date,
): Promise<PaymentActivity> {
  const auth = await testPayer(authorization, now);
  const wallet = await testWallet(auth.principal, assetType, now);
  await issueTestFunds(
    wallet,
    BigInt(request.remainingAmount),
    `hosted-checkout:${request.id}:${request.remainingAmount}`,
    auth.principal,
    now,
  );
  const input: PayInput = {
    paymentRequestId: request.id,
    assetType,
    assetId: wallet.id,
    idempotencyKey: `hosted-checkout:${request.id}`,
  };
  const command = {
    accountId: auth.principal.accountId,
    operation: 'payPaymentRequest',
    key: input.idempotencyKey!,
    command: input,
  };
  const paid = await idempotent<PaymentActivity>(
    command,
    async ({ record, receipt, derive }) =>
      (await commitPayment(input, auth, now, { record, receipt }, derive)).activity,
    PAY_RESPONSE,
  );
  return paid.response;
}

async function testPayer(authorization: Authorization, now: Date): Promise<{ principal: Principal; access: Access }> {
  const accountId = await refOrCreate(
    'ACCOUNT',
    now,
    async () =>
      (
        await insertAccount(
          { name: 'Hosted checkout test payer', type: 'individual', test: true },
          HOSTED_CHECKOUT,
          now,
        )
      ).id,
  );
  const account = await authorization.accounts.findAccount(accountId);
  if (!account) throw new Error(`hosted checkout test payer account ${accountId} is missing`);
  const principal: Principal = {
    kind: 'apiKey',
    accountId,
    account,
    keyName: 'hosted-checkout',
    role: 'account-owner',
    crn: HOSTED_CHECKOUT,
  };
  return { principal, access: Access.forRoute(principal, 'payment-requests:pay', authorization) };
}

async function testWallet(payer: Principal, assetType: string, now: Date): Promise<WalletAsset> {
  const assetId = await refOrCreate(
    `WALLET#${assetType}`,
    now,
    async () =>
      (
        await insertWalletAsset(
          { accountId: payer.accountId, accountTest: true, ledgerId: assetType, settlement: false },
          HOSTED_CHECKOUT,
          now,
        )
      ).id,
  );
  const wallet = await findWalletAsset(assetId);
  if (!wallet) throw new Error(`hosted checkout test wallet ${assetId} is missing`);
  return wallet;
}

/**
 * The id a ref names, made by `create` on first use. Two first uses at once both create; one ref
 * wins and the other's record stays unused (an account with no key, or an empty wallet).
 */
async function refOrCreate(ref: string, now: Date, create: () => Promise<string>): Promise<string> {
  const read = async () => (await testPayerRefEntity.get(ref))?.id;
  const found = await read();
  if (found) return found;
  const id = await create();
  try {
    await testPayerRefEntity.create({ ref, id, createdAt: isoTimestamp(now) });
    return id;
  } catch (error) {
    if (!(error instanceof EntityExistsError)) throw error;
    const winner = await read();
    if (!winner) throw error;
    return winner;
  }
}
