import { committing } from '../../bin/bench/floor';

describe("the bench floor's replay (bin/bench/floor.ts)", () => {
  it('sends each write with its condition OR-ed with one that always holds, and without the client token', () => {
    const replayed = committing({
      ClientRequestToken: 't',
      TransactItems: [
        { Put: { TableName: 't', Item: {}, ConditionExpression: 'attribute_not_exists(PK)' } },
        { Update: { TableName: 't', Key: {}, UpdateExpression: 'SET #a = :a', ConditionExpression: '#v = :v', ExpressionAttributeNames: { '#a': 'a', '#v': 'version' } } },
        { Delete: { TableName: 't', Key: {} } },
      ],
    }) as { ClientRequestToken?: string; TransactItems: Record<string, { ConditionExpression?: string; ExpressionAttributeNames?: Record<string, string> }>[] };
    expect(replayed.ClientRequestToken).toBeUndefined();
    expect(replayed.TransactItems[0].Put.ConditionExpression).toBe('(attribute_not_exists(PK)) OR attribute_exists(#floorKey) OR attribute_not_exists(#floorKey)');
    expect(replayed.TransactItems[1].Update.ExpressionAttributeNames).toEqual({ '#a': 'a', '#v': 'version', '#floorKey': 'PK' });
    expect(replayed.TransactItems[2].Delete).toEqual({ TableName: 't', Key: {} });
  });

  it('leaves a read as it was', () => {
    const get = { TableName: 't', Key: { PK: { S: 'a' } }, ConsistentRead: true };
    expect(committing(get)).toEqual(get);
  });
});
