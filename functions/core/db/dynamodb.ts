/**
 * DynamoDB's JSON protocol on the pieces `core/aws-request.ts` already carries into every bundle (SigV4 signing,
 * kept-alive HTTP, the standard retry mode) and a middleware stack (db/middleware-stack.ts), which the
 * instrumentation hooks (db/capacity.ts, db/write-gate.ts, tracing, the tests' fault injection) are added to as they
 * would be to the SDK's client. The SDK's DynamoDB client brings its schemas, protocol, endpoint rules, config
 * loaders and `@aws-sdk/core` on top: some 95 KiB of every bundle that every cold import parsed
 * (docs/performance.md). Errors are the SDK's own classes, which the money engine and the tests check against.
 *
 * Every operation is one POST of its input as JSON, named by a header; a binary attribute travels as base64.
 */
import {
  ConditionalCheckFailedException,
  DynamoDBServiceException,
  IdempotentParameterMismatchException,
  InternalServerError,
  ItemCollectionSizeLimitExceededException,
  LimitExceededException,
  ProvisionedThroughputExceededException,
  ReplicatedWriteConflictException,
  RequestLimitExceeded,
  ResourceInUseException,
  ResourceNotFoundException,
  ThrottlingException,
  TransactionCanceledException,
  TransactionConflictException,
  TransactionInProgressException,
} from '@aws-sdk/client-dynamodb';
import type {
  BatchGetItemCommandInput,
  BatchGetItemCommandOutput,
  GetItemCommandInput,
  GetItemCommandOutput,
  PutItemCommandInput,
  PutItemCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
} from '@aws-sdk/client-dynamodb';
import { type AnswerMetadata, AwsService, configuredEndpoint, region, regionalHost } from '../aws-request';
import { MiddlewareStack } from './middleware-stack';

/** An operation's name, as the `X-Amz-Target` header and the hooks' `commandName` (`<operation>Command`) carry it. */
export type Operation =
  | 'BatchGetItem'
  | 'BatchWriteItem'
  | 'DeleteItem'
  | 'GetItem'
  | 'PutItem'
  | 'Query'
  | 'Scan'
  | 'TransactWriteItems'
  | 'UpdateItem';

/**
 * A call of one operation with its input (attribute values as DynamoDB takes them): the reads core/db/batch.ts sends
 * itself. Everything else goes through the document client (core/db/document.ts), which calls `call` directly.
 */
export abstract class DynamoDbCommand<I extends object, O extends object> {
  abstract readonly operation: Operation;
  /** Carries the output's type only. */
  declare readonly output?: O;
  constructor(readonly input: I) {}
}

export class GetItemCommand extends DynamoDbCommand<GetItemCommandInput, GetItemCommandOutput> {
  readonly operation = 'GetItem';
}
export class BatchGetItemCommand extends DynamoDbCommand<BatchGetItemCommandInput, BatchGetItemCommandOutput> {
  readonly operation = 'BatchGetItem';
}
export class PutItemCommand extends DynamoDbCommand<PutItemCommandInput, PutItemCommandOutput> {
  readonly operation = 'PutItem';
}
export class QueryCommand extends DynamoDbCommand<QueryCommandInput, QueryCommandOutput> {
  readonly operation = 'Query';
}

/** What moves through the stack from the serialize step on: the HTTP request's headers and body; the answer's body. */
interface WireRequest {
  headers: Record<string, string>;
  body: string;
}
interface WireResponse {
  body: string;
}

/**
 * The SDK's error classes DynamoDB answers with on the operations the platform calls, by their code (the name after
 * their shape id's `#`); another code is a DynamoDBServiceException named so.
 */
const ERRORS = new Map(
  [
    ConditionalCheckFailedException,
    IdempotentParameterMismatchException,
    InternalServerError,
    ItemCollectionSizeLimitExceededException,
    LimitExceededException,
    ProvisionedThroughputExceededException,
    ReplicatedWriteConflictException,
    RequestLimitExceeded,
    ResourceInUseException,
    ResourceNotFoundException,
    ThrottlingException,
    TransactionCanceledException,
    TransactionConflictException,
    TransactionInProgressException,
  ].map((type) => [type.shapeId.split('#')[1], type as new (options: never) => DynamoDBServiceException]),
);

/** An error answer's code (`__type`, after its namespace) and message. */
function errorOf(body: string) {
  const parsed = parseOrEmpty(body);
  return {
    code: typeof parsed.__type === 'string' ? parsed.__type.split('#').pop() : undefined,
    message: String(parsed.message ?? parsed.Message ?? '') || undefined,
  };
}

/** The SDK's error of that code, with the members the answer carried (a cancelled transaction's reasons, …). */
function errorFor(code: string, message: string, $metadata: AnswerMetadata, body: string): Error {
  // The members the SDK's class takes (a cancelled transaction's reasons, a failed condition's item), not the code.
  const { __type, ...members } = parseOrEmpty(body);
  const fault = $metadata.httpStatusCode >= 500 ? 'server' : 'client';
  const options = { ...members, message, $metadata, $fault: fault };
  const known = ERRORS.get(code);
  if (known) return new known(options as never);
  return new DynamoDBServiceException({ ...options, name: code } as never);
}

/**
 * An input as JSON, its bytes as base64. The replacer that converts them halves JSON.stringify's speed, so it runs
 * only when the input holds bytes.
 */
const serialized = (input: unknown): string =>
  holdsBytes(input) ? JSON.stringify(input, bytesAsBase64) : JSON.stringify(input);

function holdsBytes(value: unknown): boolean {
  if (value instanceof Uint8Array) return true;
  if (Array.isArray(value)) return value.some(holdsBytes);
  if (value && typeof value === 'object') for (const key in value) if (holdsBytes((value as never)[key])) return true;
  return false;
}

/**
 * A binary attribute in an answer (`"B":` or `"BS":`): the reviver that turns them into bytes makes JSON.parse three
 * times slower, so it runs only on an answer that may hold one.
 */
const MAY_HOLD_BYTES = /"BS?":/;
const parsedJson = (body: string): unknown => JSON.parse(body, MAY_HOLD_BYTES.test(body) ? reviveBinary : undefined);

/** A successful answer's members: one that cannot be read fails the call, never reads as an empty answer. */
function parseAnswer(body: string): Record<string, unknown> {
  const parsed = body ? parsedJson(body) : {};
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`DynamoDB answered with a body that is not an object: ${body.slice(0, 100)}`);
  return parsed as Record<string, unknown>;
}

/** An error answer's members, or none when its body is not JSON (a proxy's page). */
function parseOrEmpty(body: string): Record<string, unknown> {
  try {
    const parsed = parsedJson(body);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A binary attribute (`{"B": base64}`, `{"BS": [base64…]}`) as bytes, where the SDK's client gives bytes. */
function reviveBinary(_key: string, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.length !== 1) return value;
  const { B, BS } = value as { B?: unknown; BS?: unknown };
  if (typeof B === 'string') return { B: new Uint8Array(Buffer.from(B, 'base64')) };
  if (Array.isArray(BS) && BS.every((entry) => typeof entry === 'string'))
    return { BS: BS.map((entry) => new Uint8Array(Buffer.from(entry, 'base64'))) };
  return value;
}

/** Bytes as base64 (the replacer sees a Buffer after its toJSON, so the holder's own value is read). */
function bytesAsBase64(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const own = this[key];
  return own instanceof Uint8Array ? Buffer.from(own.buffer, own.byteOffset, own.byteLength).toString('base64') : value;
}

/** The endpoint: AWS_ENDPOINT_URL_DYNAMODB (DynamoDB Local), else the region's. */
function endpoint() {
  const configured = configuredEndpoint('DYNAMODB');
  if (configured) return { ...configured, path: configured.path || '/' };
  return { protocol: 'https:', hostname: regionalHost('dynamodb'), path: '/' };
}

/**
 * The client's own steps, inside the hooks of theirs: the input as DynamoDB's JSON (the operation named by a header),
 * and the answer's body read into the output.
 */
const OWN_STEPS = [
  {
    step: 'serialize',
    name: 'serializerMiddleware',
    middleware: (next, context) => (args) =>
      next({
        ...args,
        request: {
          headers: {
            'content-type': 'application/x-amz-json-1.0',
            'x-amz-target': `DynamoDB_20120810.${context.commandName?.replace(/Command$/, '')}`,
          },
          body: serialized(args.input),
        } satisfies WireRequest,
      }),
  },
  {
    step: 'deserialize',
    name: 'deserializerMiddleware',
    middleware: (next) => async (args) => {
      const result = await next(args);
      const answer = parseAnswer((result.response as WireResponse).body);
      return { ...result, output: { ...answer, ...result.output } };
    },
  },
] satisfies ConstructorParameters<typeof MiddlewareStack>[0];

/** A DynamoDB client: `send` runs the call through its middleware stack, as an SDK client's does. */
export class DynamoDb {
  readonly middlewareStack = new MiddlewareStack(OWN_STEPS);
  /** What the tracing step reads of a client. */
  readonly config = { region: async () => region() };
  private readonly service = new AwsService('dynamodb', 'DynamoDB', errorOf, errorFor);

  send<I extends object, O extends object>(command: DynamoDbCommand<I, O>): Promise<O> {
    return this.call(command.operation, command.input) as Promise<O>;
  }

  /** One call of the operation (the document client's way in: a stub of `send` does not see its calls). */
  async call(operation: Operation, input: object): Promise<object> {
    const handler = this.middlewareStack.resolve(
      async (args) => {
        const request = args.request as WireRequest | undefined;
        if (!request) throw new Error('a DynamoDB call reached the wire unserialized');
        const { 'X-Amzn-Trace-Id': traceHeader, ...headers } = request.headers;
        const answer = await this.service.call(
          { operation, input: args.input, method: 'POST', url: endpoint(), headers, body: request.body },
          traceHeader,
        );
        return {
          output: { $metadata: answer.$metadata },
          response: { body: answer.body.toString('utf8') } satisfies WireResponse,
        };
      },
      { clientName: 'DynamoDBClient', commandName: `${operation}Command` },
    );
    const { output } = await handler({ input: input as Record<string, unknown> });
    return output;
  }

  destroy(): void {
    this.service.destroy();
  }
}
