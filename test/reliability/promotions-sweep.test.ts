import { DeleteCommand, PutCommand } from '../../functions/core/db/document';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { handler as consume } from '../../functions/consumers/promotion-payments';
import { handler as sweep } from '../../functions/consumers/promotion-sweep';
import { config } from '../../functions/core/config';
import { db } from '../../functions/core/db/client';
import { uncountedPaymentEntity } from '../../functions/promotions/entities';
import { api, type TestAccount } from '../support/api';
import { waitFor } from '../support/clock';
import {
  challenge,
  fundedMerchant,
  join,
  newActiveProgram,
  newPromotion,
  promotionMemberships,
} from '../support/loyalty';
import { balance, newPayer, newPaymentRequest, nzd, pay } from '../support/payments';
import { ok, uniqueKey } from '../support/value';

/**
 * A payment the stream consumer cannot count is not lost with its stream record: the consumer
 * records it, and the promotion sweep counts it once the fault is gone, exactly once however often
 * it (or the record) comes again.
 */
jest.setTimeout(120_000);

// The consumer logs the injected fault; the outcomes below are what matters here.
jest.spyOn(console, 'error').mockImplementation(() => undefined);

const progressKey = (promotionId: string, accountId: string) => ({
  PK: `PROMOTION#${promotionId}`,
  SK: `MEMBER#${accountId}`,
});

const progressActivities = async (owner: TestAccount, promotionId: string) =>
  (
    await ok(api('GET', `/api/promotions/${promotionId}/activities?paginationLimit=100`, { key: owner.apiKey }))
  ).items.filter((a: { activityType: string }) => a.activityType === 'promotion:progress-incremented');

it('counts a payment the consumer failed on once the sweep runs, and only once', async () => {
  const [merchant, faulty, healthy] = await Promise.all([
    fundedMerchant(),
    newPayer('100000', { type: 'individual' }),
    newPayer('100000', { type: 'individual' }),
  ]);
  const program = await newActiveProgram(merchant.owner);
  await ok(join(program.id, faulty));
  await ok(join(program.id, healthy));
  const promotion = await newPromotion(merchant.owner, program.id, challenge({ type: 'count', amount: 1 }, '500'));

  // The fault: an item of another kind where the faulty member's progress lives, so counting their payment fails
  // in the platform's own stream consumer (the healthy member's is counted as ever).
  await db().send(
    new PutCommand({
      TableName: config().tableName,
      Item: { ...progressKey(promotion.id, faulty.accountId), entity: 'injected-fault', v: 1 },
    }),
  );
  const paidBy = async (payer: typeof faulty) => {
    const request = await newPaymentRequest(merchant, { value: nzd('1000') });
    await ok(pay(payer, request.id, uniqueKey('pay')));
    return request.id as string;
  };
  const [faultyPayment, healthyPayment] = await Promise.all([paidBy(faulty), paidBy(healthy)]);

  const recorded = await waitFor(
    () => uncountedPaymentEntity.get(faultyPayment),
    (u) => u !== undefined,
    30_000,
  );
  expect(recorded).toMatchObject({ paymentRequestId: faultyPayment, paidAt: expect.any(String) });
  const counted = await waitFor(
    () => promotionMemberships(healthy, program.id),
    ([m]) => m?.status === 'complete',
    30_000,
  );
  expect(counted[0]).toMatchObject({ progress: 1, completions: 1 });
  expect(await uncountedPaymentEntity.get(healthyPayment)).toBeUndefined();

  // The fault gone, the sweep counts it (the platform's scheduled sweep may come first: either counts it once).
  await db().send(
    new DeleteCommand({ TableName: config().tableName, Key: progressKey(promotion.id, faulty.accountId) }),
  );
  await sweep();
  expect(await uncountedPaymentEntity.get(faultyPayment)).toBeUndefined();
  const swept = await promotionMemberships(faulty, program.id);
  expect(swept).toEqual([expect.objectContaining({ progress: 1, completions: 1, status: 'complete' })]);

  // Swept again and its stream record delivered again: nothing counts twice, the reward was paid once.
  await sweep();
  const again = {
    Records: [
      {
        eventID: 'redelivered',
        eventName: 'INSERT',
        dynamodb: {
          SequenceNumber: '1',
          NewImage: { paymentRequestId: { S: faultyPayment }, createdAt: { S: recorded!.paidAt } },
        },
      },
    ],
  } as DynamoDBStreamEvent;
  expect(await consume(again)).toEqual({ batchItemFailures: [] });
  expect(await promotionMemberships(faulty, program.id)).toEqual(swept);
  expect(await balance(faulty.apiKey, faulty.walletId)).toBe(String(100000 - 1000 + 500));
  const increments = await progressActivities(merchant.owner, promotion.id);
  expect(increments.filter((a: { accountId?: string }) => a.accountId === faulty.accountId)).toHaveLength(1);
  expect(await uncountedPaymentEntity.get(faultyPayment)).toBeUndefined();
});
