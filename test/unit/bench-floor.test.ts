import { committing } from '../../bin/bench/floor';
import { downstreamCost, flowCost } from '../../bin/bench/cost';

describe("the bench floor's replay (bin/bench/floor.ts)", () => {
  it('sends each write with its condition OR-ed with one that always holds, and without the client token', () => {
    const replayed = committing({
      ClientRequestToken: 't',
      TransactItems: [
        { Put: { TableName: 't', Item: {}, ConditionExpression: 'attribute_not_exists(PK)' } },
        {
          Update: {
            TableName: 't',
            Key: {},
            UpdateExpression: 'SET #a = :a',
            ConditionExpression: '#v = :v',
            ExpressionAttributeNames: { '#a': 'a', '#v': 'version' },
          },
        },
        { Delete: { TableName: 't', Key: {} } },
      ],
    }) as {
      ClientRequestToken?: string;
      TransactItems: Record<
        string,
        { ConditionExpression?: string; ExpressionAttributeNames?: Record<string, string> }
      >[];
    };
    expect(replayed.ClientRequestToken).toBeUndefined();
    expect(replayed.TransactItems[0].Put.ConditionExpression).toBe(
      '(attribute_not_exists(PK)) OR attribute_exists(#floorKey) OR attribute_not_exists(#floorKey)',
    );
    expect(replayed.TransactItems[1].Update.ExpressionAttributeNames).toEqual({
      '#a': 'a',
      '#v': 'version',
      '#floorKey': 'PK',
    });
    expect(replayed.TransactItems[2].Delete).toEqual({ TableName: 't', Key: {} });
  });

  it('leaves a read as it was', () => {
    const get = { TableName: 't', Key: { PK: { S: 'a' } }, ConsistentRead: true };
    expect(committing(get)).toEqual(get);
  });
});

describe("the bench's cost of what a flow sets off (bin/bench/cost.ts)", () => {
  it(
    'prices the consumers per flow: their invocations, billed time and request units, and three SQS requests a ' +
      'queue message takes',
    () => {
      const setOff = downstreamCost('sets off', {
        flows: 100,
        consumers: [
          {
            consumer: 'webhook-events',
            queue: false,
            invocations: 0.5,
            records: 1,
            billedMs: 10,
            readUnits: 2,
            writeUnits: 4,
          },
          { consumer: 'timers', queue: true, invocations: 1, records: 1, billedMs: 5, readUnits: 2, writeUnits: 0 },
        ],
      });
      expect(setOff).toMatchObject({
        api: 0,
        lambdaRequests: 0.3,
        lambdaDuration: 0.1,
        dynamoDbReads: 0.5,
        dynamoDbWrites: 2.5,
        sqs: 1.2,
        total: 4.6,
        sqsRequests: 3,
      });
      const flow = flowCost('with it', [{ ...setOff, api: 3, total: 7.6 }, setOff]);
      expect(flow).toMatchObject({ api: 3, sqs: 2.4, total: 12.2, writeUnits: 8 });
    },
  );
});
