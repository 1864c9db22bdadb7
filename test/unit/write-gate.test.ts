import { DynamoDb, GetItemCommand, PutItemCommand, QueryCommand } from '../../functions/core/db/dynamodb';
import { gateWrites, prefetch, withWriteGate } from '../../functions/core/db/write-gate';

/** A client whose every call answers `answer` below its deserializer, counting what reached "DynamoDB". */
function countingClient(answer = '{}') {
  const sent: string[] = [];
  const client = new DynamoDb();
  client.middlewareStack.add(
    () => async (args) => {
      sent.push((args.request as { headers: Record<string, string> }).headers['x-amz-target'].split('.')[1]);
      return { output: { $metadata: { httpStatusCode: 200, attempts: 1 } }, response: { body: answer } };
    },
    { step: 'deserialize', priority: 'low', name: 'answer' },
  );
  gateWrites(client);
  return { client, sent };
}

const query = () =>
  new QueryCommand({
    TableName: 't',
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': { S: 'ASSET#a' } },
  });
const get = () => new GetItemCommand({ TableName: 't', Key: { PK: { S: 'PR#p' }, SK: { S: 'PR' } } });

describe("a request's read cache (core/db/write-gate.ts)", () => {
  it(
    'answers a repeated GetItem or Query of one request ' + 'from its first answer, a prefetched one included',
    async () => {
      const { client, sent } = countingClient();
      await withWriteGate({}, async () => {
        prefetch(client.send(query()));
        await client.send(query());
        await Promise.all([client.send(get()), client.send(get())]);
      });
      expect(sent).toEqual(['Query', 'GetItem']);
    },
  );

  it('forgets every answer when the request writes, so a read after a write goes to DynamoDB', async () => {
    const { client, sent } = countingClient();
    await withWriteGate({}, async () => {
      await client.send(query());
      await client.send(new PutItemCommand({ TableName: 't', Item: { PK: { S: 'x' } } }));
      await client.send(query());
    });
    expect(sent).toEqual(['Query', 'PutItem', 'Query']);
  });

  it('hands each reader a copy of its own: what one reader changes, the next does not see', async () => {
    const { client, sent } = countingClient(JSON.stringify({ Item: { PK: { S: 'PR#p' }, tags: { L: [{ S: 'a' }] } } }));
    const [first, second] = await withWriteGate({}, async () => {
      const one = await client.send(get());
      one.Item!.tags.L!.push({ S: 'changed' });
      one.Item!.PK = { S: 'changed' };
      return [one, await client.send(get())];
    });
    expect(sent).toEqual(['GetItem']);
    expect(first.Item!.PK).toEqual({ S: 'changed' });
    expect(second.Item).toEqual({ PK: { S: 'PR#p' }, tags: { L: [{ S: 'a' }] } });
  });

  it('caches nothing outside a request', async () => {
    const { client, sent } = countingClient();
    await client.send(query());
    await client.send(query());
    expect(sent).toEqual(['Query', 'Query']);
  });
});
