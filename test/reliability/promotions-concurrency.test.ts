import type { DynamoDBStreamEvent } from 'aws-lambda';
import { handler } from '../../functions/consumers/promotion-payments';
import { api, type TestAccount } from '../support/api';
import { waitFor } from '../support/clock';
import {
  challenge,
  FUNDS,
  fundedMerchant,
  join,
  newActiveProgram,
  newPromotion,
  promotionMemberships,
} from '../support/loyalty';
import { balance, newPayer, newPaymentRequest, nzd, pay, type MerchantSetup } from '../support/payments';
import { ok, uniqueKey } from '../support/value';

/**
 * Promotions under concurrency and redelivery: progress advances from the table's stream, so the
 * payments' own concurrency and a stream batch delivered again must neither count a payment twice
 * nor issue a reward twice.
 */
jest.setTimeout(600_000);

const PAYMENTS = 50;
const AMOUNT = '100';
const REWARD = '500';

const activityTypes = async (owner: TestAccount, promotionId: string): Promise<string[]> =>
  (await ok(api('GET', `/api/promotions/${promotionId}/activities?paginationLimit=100`, { key: owner.apiKey }))).items
    .map((a: { activityType: string }) => a.activityType)
    .sort();

async function paidRequest(merchant: MerchantSetup, payer: Parameters<typeof pay>[0]): Promise<string> {
  const request = await newPaymentRequest(merchant, { value: nzd(AMOUNT) });
  await ok(pay(payer, request.id, uniqueKey('pay')));
  return request.id;
}

it(`${PAYMENTS} concurrent payments by one member toward one target issue exactly one reward`, async () => {
  const [merchant, member] = await Promise.all([fundedMerchant(), newPayer('100000', { type: 'individual' })]);
  const program = await newActiveProgram(merchant.owner);
  await ok(join(program.id, member));
  const promotion = await newPromotion(merchant.owner, program.id, challenge({ type: 'count', amount: 10 }, REWARD));
  const requests = await Promise.all(
    Array.from({ length: PAYMENTS }, () => newPaymentRequest(merchant, { value: nzd(AMOUNT) })),
  );
  // Ten at a time: one wallet pays them all, and a loaded machine times out more racing for its one item.
  const paid = [];
  for (let i = 0; i < PAYMENTS; i += 10)
    paid.push(...(await Promise.all(requests.slice(i, i + 10).map((r) => pay(member, r.id, uniqueKey('pay'))))));
  expect(paid.map((r) => r.status)).toEqual(requests.map(() => 200));

  // A last payment of the member at another program's merchant: the local stream is read in order, so once it is
  // counted every payment before it has been.
  const [sentinelMerchant] = await Promise.all([fundedMerchant()]);
  const sentinelProgram = await newActiveProgram(sentinelMerchant.owner);
  await ok(join(sentinelProgram.id, member));
  await newPromotion(sentinelMerchant.owner, sentinelProgram.id, challenge({ type: 'count', amount: 5 }, REWARD));
  await paidRequest(sentinelMerchant, member);
  await waitFor(
    () => promotionMemberships(member, sentinelProgram.id),
    ([m]) => m.progress === 1,
    300_000,
  );

  const [membership] = await promotionMemberships(member, program.id);
  expect(membership).toMatchObject({ progress: 10, status: 'complete', completions: 1 });
  // Every payment spent once; the reward paid once.
  expect(await balance(member.apiKey, member.walletId)).toBe(
    String(100000 - (PAYMENTS + 1) * Number(AMOUNT) + Number(REWARD)),
  );
  expect(await balance(merchant.owner.apiKey, merchant.settlementWalletId)).toBe(String(PAYMENTS * Number(AMOUNT)));
  expect(await balance(merchant.owner.apiKey, merchant.fundingWalletId)).toBe(String(Number(FUNDS) - Number(REWARD)));
  expect(await activityTypes(merchant.owner, promotion.id)).toEqual(
    ['promotion:completed', 'promotion:created', ...Array<string>(10).fill('promotion:progress-incremented')].sort(),
  );
});

/** The batch the stream delivered for these paid requests, as the consumer receives it. */
const batchOf = (paymentRequestIds: string[]) =>
  ({
    Records: paymentRequestIds.map((paymentRequestId, i) => ({
      eventID: `redelivered-${i}`,
      eventName: 'INSERT',
      dynamodb: {
        SequenceNumber: String(i + 1),
        NewImage: { paymentRequestId: { S: paymentRequestId }, createdAt: { S: new Date().toISOString() } },
      },
    })),
  }) as DynamoDBStreamEvent;

/** Delivered again twice at once, as a retried and a parallel invocation would. */
async function redeliver(paymentRequestIds: string[]) {
  const context = {} as Parameters<typeof handler>[1];
  const batch = batchOf(paymentRequestIds);
  expect(await Promise.all([handler(batch, context), handler(batch, context)])).toEqual([
    { batchItemFailures: [] },
    { batchItemFailures: [] },
  ]);
}

it('a redelivered stream batch advances nothing twice', async () => {
  const [merchant, member] = await Promise.all([fundedMerchant(), newPayer('100000', { type: 'individual' })]);
  const program = await newActiveProgram(merchant.owner);
  await ok(join(program.id, member));
  // Paid from the merchant's funding wallet.
  const promotion = await newPromotion(merchant.owner, program.id, challenge({ type: 'count', amount: 3 }, '50'));
  const state = async () => ({
    activities: await activityTypes(merchant.owner, promotion.id),
    balance: await balance(member.apiKey, member.walletId),
    membership: (await promotionMemberships(member, program.id))[0],
  });

  const paid = [await paidRequest(merchant, member), await paidRequest(merchant, member)];
  await waitFor(
    () => promotionMemberships(member, program.id),
    ([m]) => m.progress === 2,
    60_000,
  );
  const counted = await state();
  await redeliver(paid);
  expect(await state()).toEqual(counted);

  paid.push(await paidRequest(merchant, member));
  await waitFor(
    () => promotionMemberships(member, program.id),
    ([m]) => m.status === 'complete',
    60_000,
  );
  const completed = await state();
  expect(completed.balance).toBe(String(100000 - 3 * Number(AMOUNT) + 50));
  await redeliver(paid);
  expect(await state()).toEqual(completed);
});
