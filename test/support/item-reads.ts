import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand } from '../../functions/core/db/document';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { db, rawDb } from '../../functions/core/db/client';

type Stored = Record<string, AttributeValue>;
const toStored = (item: Record<string, unknown>) =>
  marshall(item, { removeUndefinedValues: true, convertClassInstanceToMap: false });

/**
 * Unit tests stub the document clients' `send`, while item reads (core/db/batch.ts `readItems`) go through the
 * low-level client under db(). This hands each item read to db().send, stubbed or not, as the document command it
 * stands for (a GetItem as a GetCommand, a BatchGetItem as a BatchGetCommand), keys and items translated both ways.
 */
export function itemReadsThroughDocumentClient(): void {
  jest.spyOn(rawDb(), 'send').mockImplementation((async (command: {
    constructor: { name: string };
    input: { TableName?: string; Key?: Stored; RequestItems?: Record<string, { Keys: Stored[] }> };
  }) => {
    const { input } = command;
    if (command.constructor.name === 'GetItemCommand') {
      const out = (await db().send(
        new GetCommand({ TableName: input.TableName, Key: unmarshall(input.Key!), ConsistentRead: true }),
      )) as { Item?: Record<string, unknown> } | undefined;
      return { Item: out?.Item && toStored(out.Item) };
    }
    const [table, { Keys }] = Object.entries(input.RequestItems!)[0];
    const out = (await db().send(
      new BatchGetCommand({
        RequestItems: { [table]: { Keys: Keys.map((k) => unmarshall(k)), ConsistentRead: true } },
      }),
    )) as { Responses?: Record<string, Record<string, unknown>[]> } | undefined;
    return { Responses: { [table]: (out?.Responses?.[table] ?? []).map(toStored) } };
  }) as never);
}
