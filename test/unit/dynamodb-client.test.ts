import type { IncomingHttpHeaders } from 'node:http';
import {
  ConditionalCheckFailedException,
  DynamoDBServiceException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { DocumentClient, GetCommand, PutCommand, QueryCommand } from '../../functions/core/db/document';
import { DynamoDb, GetItemCommand } from '../../functions/core/db/dynamodb';
import { standInService } from '../support/stand-in-service';

process.env.AWS_REGION = 'us-east-1';
process.env.AWS_ACCESS_KEY_ID = 'AKIDTEST';
process.env.AWS_SECRET_ACCESS_KEY = 'secret';

/** What "DynamoDB" (the server below) received, and the answers it gives, one per call, the last one repeated. */
let received: { headers: IncomingHttpHeaders; body: Record<string, unknown> }[];
let answers: { status: number; body: unknown; headers?: Record<string, string> }[];
let close: () => void;

beforeAll(async () => {
  const service = await standInService(({ headers, text }) => {
    received.push({ headers, body: JSON.parse(text) });
    const { status, body, headers: extra } = answers.length > 1 ? (answers.shift() as (typeof answers)[0]) : answers[0];
    return {
      status,
      body,
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'REQ1', ...extra },
    };
  });
  close = service.close;
  process.env.AWS_ENDPOINT_URL_DYNAMODB = service.url;
});
afterAll(() => close());

let client: DynamoDb;
beforeEach(() => {
  received = [];
  answers = [{ status: 200, body: {} }];
  client = new DynamoDb();
});
afterEach(() => client.destroy());

const failure = (code: string, members: Record<string, unknown> = {}, status = 400) => ({
  status,
  body: { __type: `com.amazonaws.dynamodb.v20120810#${code}`, message: `${code} happened`, ...members },
});

describe('the DynamoDB client (core/db/dynamodb.ts)', () => {
  it("sends an operation in DynamoDB's JSON protocol, signed for the region, and reads its answer", async () => {
    answers = [{ status: 200, body: { Item: { PK: { S: 'A' } }, ConsumedCapacity: { CapacityUnits: 0.5 } } }];
    const output = await client.send(new GetItemCommand({ TableName: 't', Key: { PK: { S: 'A' } } }));
    expect(output).toEqual({
      Item: { PK: { S: 'A' } },
      ConsumedCapacity: { CapacityUnits: 0.5 },
      $metadata: { httpStatusCode: 200, requestId: 'REQ1', attempts: 1 },
    });
    const [{ headers, body }] = received;
    expect(headers['x-amz-target']).toBe('DynamoDB_20120810.GetItem');
    expect(headers['content-type']).toBe('application/x-amz-json-1.0');
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/us-east-1\/dynamodb\/aws4_request,/,
    );
    expect(body).toEqual({ TableName: 't', Key: { PK: { S: 'A' } } });
  });

  it('fails a call whose successful answer cannot be read, rather than reading it as empty', async () => {
    answers = [{ status: 200, body: 'not json' }];
    await expect(client.send(new GetItemCommand({ TableName: 't', Key: {} }))).rejects.toThrow(SyntaxError);
  });

  it('sends binary attributes as base64 and reads them back as bytes', async () => {
    answers = [{ status: 200, body: { Item: { data: { B: 'AAEC/w==' }, set: { BS: ['AQ=='] } } } }];
    const output = await client.send(
      new GetItemCommand({ TableName: 't', Key: { PK: { B: new Uint8Array([0, 1, 2, 255]) } } }),
    );
    expect(received[0].body.Key).toEqual({ PK: { B: 'AAEC/w==' } });
    expect(output.Item).toEqual({ data: { B: new Uint8Array([0, 1, 2, 255]) }, set: { BS: [new Uint8Array([1])] } });
  });

  it("answers an error as the SDK's class of its code, with the members DynamoDB sent", async () => {
    answers = [
      failure('TransactionCanceledException', {
        Message: 'Transaction cancelled',
        CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed', Item: { n: { N: '1' } } }],
      }),
    ];
    const cancelled = await client.send(new GetItemCommand({ TableName: 't', Key: {} })).catch((e: unknown) => e);
    expect(cancelled).toBeInstanceOf(TransactionCanceledException);
    expect(cancelled).toMatchObject({
      name: 'TransactionCanceledException',
      $fault: 'client',
      $metadata: { httpStatusCode: 400, attempts: 1 },
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed', Item: { n: { N: '1' } } }],
    });

    answers = [failure('ConditionalCheckFailedException', { Item: { PK: { S: 'A' } } })];
    const failed = await client.send(new GetItemCommand({ TableName: 't', Key: {} })).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ConditionalCheckFailedException);
    expect(failed).toMatchObject({ message: 'ConditionalCheckFailedException happened', Item: { PK: { S: 'A' } } });

    answers = [failure('ValidationException')];
    const invalid = await client.send(new GetItemCommand({ TableName: 't', Key: {} })).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(DynamoDBServiceException);
    expect(invalid).toMatchObject({ name: 'ValidationException', message: 'ValidationException happened' });
  });

  it('retries throttling and server errors as the SDK does (three attempts), a failed condition never', async () => {
    answers = [
      failure('ProvisionedThroughputExceededException'),
      failure('InternalServerError', {}, 500),
      { status: 200, body: {} },
    ];
    const output = await client.send(new GetItemCommand({ TableName: 't', Key: {} }));
    expect(output.$metadata.attempts).toBe(3);
    expect(received).toHaveLength(3);

    received = [];
    answers = [failure('ThrottlingException')];
    await expect(client.send(new GetItemCommand({ TableName: 't', Key: {} }))).rejects.toMatchObject({
      name: 'ThrottlingException',
      $metadata: { attempts: 3 },
    });
    expect(received).toHaveLength(3);

    received = [];
    answers = [failure('ConditionalCheckFailedException')];
    await expect(client.send(new GetItemCommand({ TableName: 't', Key: {} }))).rejects.toBeInstanceOf(
      ConditionalCheckFailedException,
    );
    expect(received).toHaveLength(1);
  });

  it("dates signatures on AWS's clock: a skewed one refused is signed again on the server's time", async () => {
    const serverTime = new Date(Date.now() + 3_600_000);
    const skewed = failure('InvalidSignatureException');
    answers = [
      { ...skewed, headers: { date: serverTime.toUTCString() } },
      { status: 200, body: {} },
    ];
    const output = await client.send(new GetItemCommand({ TableName: 't', Key: {} }));
    expect(output.$metadata.attempts).toBe(2);
    const [first, second] = received.map(({ headers }) =>
      Date.parse(
        String(headers['x-amz-date']).replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
      ),
    );
    expect(second - first).toBeGreaterThan(3_590_000);
    expect(second - first).toBeLessThan(3_610_000);

    // The success answered with the server's own time (Node's Date header), so the clock is ours again; a refusal
    // that finds no skew to correct is not retried.
    received = [];
    answers = [skewed];
    await expect(client.send(new GetItemCommand({ TableName: 't', Key: {} }))).rejects.toMatchObject({
      name: 'InvalidSignatureException',
    });
    expect(received).toHaveLength(1);
  });

  it("runs each call through its stack: hooks see the operation's name, its input and its request", async () => {
    const seen: string[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        seen.push(`${context.commandName} ${JSON.stringify(args.input)}`);
        (args.request as { headers: Record<string, string> }).headers['X-Amzn-Trace-Id'] = 'Root=1-abc';
        return next(args);
      },
      { step: 'build', name: 'probe' },
    );
    await client.send(new GetItemCommand({ TableName: 't', Key: { PK: { S: 'A' } } }));
    expect(seen).toEqual(['GetItemCommand {"TableName":"t","Key":{"PK":{"S":"A"}}}']);
    expect(received[0].headers['x-amzn-trace-id']).toBe('Root=1-abc');
  });
});

describe('the document client (core/db/document.ts)', () => {
  it("translates a command's values to DynamoDB's and its answer's back, the input left as it was", async () => {
    const documents = new DocumentClient(client, { marshallOptions: { removeUndefinedValues: true } });
    const item = { PK: 'A', n: 5, tags: ['x'], nested: { ok: true }, gone: undefined };
    await documents.send(
      new PutCommand({ TableName: 't', Item: item, ConditionExpression: 'attribute_not_exists(PK)' }),
    );
    expect(received[0].body).toEqual({
      TableName: 't',
      Item: { PK: { S: 'A' }, n: { N: '5' }, tags: { L: [{ S: 'x' }] }, nested: { M: { ok: { BOOL: true } } } },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(item.gone).toBeUndefined();
    expect(Object.keys(item)).toContain('gone');

    answers = [
      { status: 200, body: { Items: [{ PK: { S: 'A' }, n: { N: '5' } }], LastEvaluatedKey: { PK: { S: 'A' } } } },
    ];
    const page = await documents.send(
      new QueryCommand({
        TableName: 't',
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': 'A' },
        ExclusiveStartKey: { PK: 'Z' },
      }),
    );
    expect(received[1].body).toMatchObject({
      ExpressionAttributeValues: { ':pk': { S: 'A' } },
      ExclusiveStartKey: { PK: { S: 'Z' } },
    });
    expect(page).toMatchObject({ Items: [{ PK: 'A', n: 5 }], LastEvaluatedKey: { PK: 'A' } });

    answers = [{ status: 200, body: {} }];
    expect((await documents.send(new GetCommand({ TableName: 't', Key: { PK: 'B' } }))).Item).toBeUndefined();
  });
});
