/**
 * Items as plain values over db/dynamodb.ts, as the SDK's document client (`@aws-sdk/lib-dynamodb`) gives them: its
 * commands by the same names and inputs, each translating the members that hold attribute values (an item, a key,
 * expression values, a page's start) with `@aws-sdk/util-dynamodb` before the call and those of the answer after.
 * The hooks on the client's stack see the call as DynamoDB receives it.
 */
import type {
  BatchGetCommandInput,
  BatchGetCommandOutput,
  BatchWriteCommandInput,
  BatchWriteCommandOutput,
  DeleteCommandInput,
  DeleteCommandOutput,
  GetCommandInput,
  GetCommandOutput,
  PutCommandInput,
  PutCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  ScanCommandInput,
  ScanCommandOutput,
  TransactWriteCommandInput,
  TransactWriteCommandOutput,
  UpdateCommandInput,
  UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { type marshallOptions, type unmarshallOptions, marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDb, Operation } from './dynamodb';
import type { MiddlewareStack } from './middleware-stack';

/** Where attribute values sit in an input or an output: member names, `*` for every entry of a map or list. */
type Path = readonly string[];

/** A document call: its operation and the paths of the members translated each way. */
abstract class DocumentCommand<I extends object, O extends object> {
  abstract readonly operation: Operation;
  abstract readonly inputPaths: readonly Path[];
  abstract readonly outputPaths: readonly Path[];
  /** Carries the output's type only. */
  declare readonly output?: O;
  constructor(readonly input: I) {}
}

const WRITE_ITEM: readonly Path[] = [['Key'], ['ExpressionAttributeValues']];
const PAGE_IN: readonly Path[] = [['ExclusiveStartKey'], ['ExpressionAttributeValues']];
const PAGE_OUT: readonly Path[] = [['Items', '*'], ['LastEvaluatedKey']];
const WRITE_REQUESTS = (member: string): readonly Path[] => [
  [member, '*', '*', 'PutRequest', 'Item'],
  [member, '*', '*', 'DeleteRequest', 'Key'],
];

export class GetCommand extends DocumentCommand<GetCommandInput, GetCommandOutput> {
  readonly operation = 'GetItem';
  readonly inputPaths = [['Key']];
  readonly outputPaths = [['Item']];
}
export class PutCommand extends DocumentCommand<PutCommandInput, PutCommandOutput> {
  readonly operation = 'PutItem';
  readonly inputPaths = [['Item'], ['ExpressionAttributeValues']];
  readonly outputPaths = [['Attributes']];
}
export class UpdateCommand extends DocumentCommand<UpdateCommandInput, UpdateCommandOutput> {
  readonly operation = 'UpdateItem';
  readonly inputPaths = WRITE_ITEM;
  readonly outputPaths = [['Attributes']];
}
export class DeleteCommand extends DocumentCommand<DeleteCommandInput, DeleteCommandOutput> {
  readonly operation = 'DeleteItem';
  readonly inputPaths = WRITE_ITEM;
  readonly outputPaths = [['Attributes']];
}
export class QueryCommand extends DocumentCommand<QueryCommandInput, QueryCommandOutput> {
  readonly operation = 'Query';
  readonly inputPaths = PAGE_IN;
  readonly outputPaths = PAGE_OUT;
}
export class ScanCommand extends DocumentCommand<ScanCommandInput, ScanCommandOutput> {
  readonly operation = 'Scan';
  readonly inputPaths = PAGE_IN;
  readonly outputPaths = PAGE_OUT;
}
export class BatchGetCommand extends DocumentCommand<BatchGetCommandInput, BatchGetCommandOutput> {
  readonly operation = 'BatchGetItem';
  readonly inputPaths = [['RequestItems', '*', 'Keys', '*']];
  readonly outputPaths = [
    ['Responses', '*', '*'],
    ['UnprocessedKeys', '*', 'Keys', '*'],
  ];
}
export class BatchWriteCommand extends DocumentCommand<BatchWriteCommandInput, BatchWriteCommandOutput> {
  readonly operation = 'BatchWriteItem';
  readonly inputPaths = WRITE_REQUESTS('RequestItems');
  readonly outputPaths = WRITE_REQUESTS('UnprocessedItems');
}
export class TransactWriteCommand extends DocumentCommand<TransactWriteCommandInput, TransactWriteCommandOutput> {
  readonly operation = 'TransactWriteItems';
  readonly inputPaths = ['ConditionCheck', 'Put', 'Delete', 'Update'].flatMap((kind) =>
    ['Key', 'Item', 'ExpressionAttributeValues'].map((member) => ['TransactItems', '*', kind, member]),
  );
  readonly outputPaths = [];
}

/** How values are translated each way (the SDK document client's options). */
export interface TranslateConfig {
  marshallOptions?: marshallOptions;
  unmarshallOptions?: unmarshallOptions;
}

/** The map of attribute values at `path` in `value` translated by `each`, copied along the path, never changed. */
function translateAt(value: unknown, path: Path, each: (entry: unknown) => unknown): unknown {
  if (value === undefined || value === null || typeof value !== 'object') return value;
  if (path.length === 0)
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, entry]) => entry !== undefined)
        .map(([name, entry]) => [name, each(entry)]),
    );
  const [head, ...rest] = path;
  if (head === '*')
    return Array.isArray(value)
      ? value.map((entry) => translateAt(entry, rest, each))
      : Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, translateAt(entry, rest, each)]));
  if (!(head in value)) return value;
  return { ...value, [head]: translateAt((value as Record<string, unknown>)[head], rest, each) };
}

/** A document client over a DynamoDB client: its calls translated, its stack the client's. */
export class DocumentClient {
  private readonly toStored: (value: unknown) => unknown;
  private readonly toPlain: (value: unknown) => unknown;

  constructor(
    readonly client: DynamoDb,
    { marshallOptions = {}, unmarshallOptions = {} }: TranslateConfig = {},
  ) {
    const marshalling = { ...marshallOptions, convertTopLevelContainer: true };
    const unmarshalling = { ...unmarshallOptions, convertWithoutMapWrapper: true };
    this.toStored = (value) => marshall(value, marshalling);
    this.toPlain = (value) => unmarshall(value as never, unmarshalling);
  }

  get middlewareStack(): MiddlewareStack {
    return this.client.middlewareStack;
  }

  async send<I extends object, O extends object>(command: DocumentCommand<I, O>): Promise<O> {
    const input = command.inputPaths.reduce<unknown>(
      (translated, path) => translateAt(translated, path, this.toStored),
      command.input,
    );
    const output = await this.client.call(command.operation, input as object);
    return command.outputPaths.reduce<unknown>(
      (translated, path) => translateAt(translated, path, this.toPlain),
      output,
    ) as O;
  }
}
