/**
 * X-Ray tracing on AWS with active tracing, written here instead of loading Powertools' Tracer with the X-Ray SDK
 * (some 23 ms of each traced cold start). What it records is what they recorded: per invocation a subsegment
 * `## <handler>` (annotations `ColdStart` and `Service`, the error as an exception, never the response), and per AWS
 * SDK call a subsegment named after the service (namespace `aws`) as its child. Each closed subsegment goes to the
 * X-Ray daemon over UDP as its own document, as the X-Ray SDK streams them on Lambda; nothing when the invocation is
 * not sampled. Loaded only when traced (core/observability.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:dgram';
import type { MiddlewareObj } from '@middy/core';
import { SERVICE } from './metric-names';
import { withSourceStack } from './source-maps';

/** The X-Ray daemon protocol's header line, before each document. */
const PROTOCOL_HEADER = '{"format":"json","version":1}\n';
/** A document over this is dropped whole by the daemon: an exception's stack is cut to stay well under it. */
const STACK_FRAMES = 50;

interface Exception {
  id: string;
  message: string;
  type: string;
  remote: boolean;
  stack: { path: string; line: number; label: string }[];
}

/** A subsegment document (X-Ray segment documents: subsegment fields). */
interface Subsegment {
  id: string;
  name: string;
  trace_id: string;
  parent_id: string;
  type: 'subsegment';
  start_time: number;
  end_time?: number;
  namespace?: 'aws';
  annotations?: Record<string, string | boolean>;
  aws?: Record<string, unknown>;
  http?: { response: { status?: number; content_length?: number } };
  error?: true;
  fault?: true;
  throttle?: true;
  cause?: { working_directory: string; exceptions: Exception[] };
}

/** The invocation's trace, from the header Lambda gives each request: `Root=1-…;Parent=…;Sampled=1`. */
interface Trace {
  root: string;
  parent: string;
  sampled: boolean;
}

const newId = () => randomBytes(8).toString('hex');
const seconds = () => Date.now() / 1000;

/** Lambda's trace header of the current invocation: the runtime's per-request store where it has one, else the env. */
function currentTrace(): Trace | undefined {
  const store = (globalThis as { awslambda?: { InvokeStore?: { getXRayTraceId(): string | undefined } } }).awslambda
    ?.InvokeStore;
  const header = store?.getXRayTraceId() ?? process.env._X_AMZN_TRACE_ID ?? '';
  const fields = Object.fromEntries(header.split(';').map((part) => part.trim().split('=') as [string, string]));
  if (!fields.Root || !fields.Parent) return undefined;
  return { root: fields.Root, parent: fields.Parent, sampled: fields.Sampled === '1' };
}

/** The daemon's UDP address: `host:port`, or `udp:host:port tcp:host:port`. */
function daemonAddress(): { host: string; port: number } | undefined {
  const value = process.env.AWS_XRAY_DAEMON_ADDRESS ?? '';
  const udp =
    value
      .split(/\s+/)
      .find((part) => part.startsWith('udp:'))
      ?.slice(4) ?? value;
  const match = /^(.+):(\d+)$/.exec(udp);
  return match ? { host: match[1], port: Number(match[2]) } : undefined;
}

let socket: Socket | undefined;

/** Sends a closed subsegment to the daemon; a failure is lost with it, never the request's. */
function sendToDaemon(subsegment: Subsegment): void {
  const address = daemonAddress();
  if (!address) return;
  try {
    if (!socket) {
      socket = (require('node:dgram') as typeof import('node:dgram')).createSocket('udp4');
      socket.on('error', () => undefined);
      // Never what keeps a process alive.
      socket.unref();
    }
    socket.send(`${PROTOCOL_HEADER}${JSON.stringify(subsegment)}`, address.port, address.host, () => undefined);
  } catch {
    // Tracing is best effort.
  }
}

/** An error as X-Ray records it: its stack mapped to our sources, as frames. */
function exception(error: unknown, remote: boolean): Exception {
  const { name, message, stack } = error instanceof Error ? withSourceStack(error) : { name: '', message: `${error}` };
  const frames = (stack ?? '')
    .split('\n')
    .slice(1, STACK_FRAMES + 1)
    .map((line) => /^\s*at (?:(.*?) \()?(.*?):(\d+)(?::\d+)?\)?$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ path: match[2], line: Number(match[3]), label: match[1] ?? 'anonymous' }));
  return { id: newId(), message, type: name, remote, stack: frames };
}

function recordError(subsegment: Subsegment, error: unknown, remote: boolean): void {
  subsegment.cause = { working_directory: process.cwd(), exceptions: [exception(error, remote)] };
}

/** The invocation being traced (a Lambda instance runs one at a time): the parent of its SDK calls' subsegments. */
let invocation: { trace: Trace; subsegment?: Subsegment } | undefined;
let coldStart = process.env.AWS_LAMBDA_INITIALIZATION_TYPE !== 'provisioned-concurrency';

/** The middy step that opens each invocation's subsegment and sends it when the handler is done. */
export function invocationTracing(): MiddlewareObj {
  const close = (error?: unknown) => {
    const subsegment = invocation?.subsegment;
    invocation = undefined;
    if (!subsegment) return;
    subsegment.end_time = seconds();
    if (error !== undefined) {
      subsegment.fault = true;
      recordError(subsegment, error, false);
    }
    sendToDaemon(subsegment);
  };
  return {
    before: () => {
      const trace = currentTrace();
      const cold = coldStart;
      coldStart = false;
      invocation = trace && {
        trace,
        subsegment: trace.sampled
          ? {
              id: newId(),
              name: `## ${process.env._HANDLER}`,
              trace_id: trace.root,
              parent_id: trace.parent,
              type: 'subsegment',
              start_time: seconds(),
              annotations: { ColdStart: cold, Service: SERVICE },
            }
          : undefined,
      };
    },
    after: () => close(),
    onError: ({ error }) => close(error ?? new Error('unknown error')),
  };
}

/** The parts of a client's stack and config the tracing step needs (any AWS SDK v3 client has them). */
interface TracedClient {
  config: { region?: string | (() => Promise<string>) };
  middlewareStack: {
    add(
      middleware: (
        next: (args: SdkArgs) => Promise<SdkOutput>,
        context: SdkContext,
      ) => (args: SdkArgs) => Promise<SdkOutput>,
      options: { step: 'build'; name: string },
    ): void;
  };
}
interface SdkArgs {
  input?: Record<string, unknown>;
  request?: { headers?: Record<string, string> };
}
interface SdkMetadata {
  httpStatusCode?: number;
  requestId?: string;
  attempts?: number;
}
interface SdkOutput {
  output?: { $metadata?: SdkMetadata };
  response?: { headers?: Record<string, string> };
}
interface SdkContext {
  clientName?: string;
  commandName?: string;
}
type SdkError = Error & { $metadata?: SdkMetadata; $retryable?: { throttling?: boolean } };

/** What a call's input names, as X-Ray's AWS attributes (the X-Ray SDK's whitelist, for the calls we make). */
function named(input: Record<string, unknown>): Record<string, unknown> {
  const tables = input.RequestItems ?? input.TransactItems;
  return {
    table_name: input.TableName,
    table_names:
      tables && typeof tables === 'object'
        ? Array.isArray(tables)
          ? [
              ...new Set(
                tables.flatMap((item: Record<string, { TableName?: string }>) =>
                  Object.values(item).map((action) => action?.TableName),
                ),
              ),
            ]
          : Object.keys(tables)
        : undefined,
    index_name: input.IndexName,
    queue_url: input.QueueUrl,
    bucket_name: input.Bucket,
  };
}

/** One call to an AWS service, as its subsegment names it. */
export interface AwsCall {
  service: string;
  operation: string;
  region: string | undefined | (() => Promise<string>);
  /** The call's input: the names X-Ray records of it are taken from it. */
  input: Record<string, unknown>;
}

/** What a call's answer tells its subsegment. */
interface AwsCallOutcome {
  metadata?: SdkMetadata;
  contentLength?: string;
}

/**
 * Records `call` as a subsegment of the invocation's, and hands its trace on to the service: `send` gets the
 * `X-Amzn-Trace-Id` header to put on the request (none outside a traced invocation) and `answered` reads what the
 * result tells. A failure carries its answer as the SDK's errors do (`$metadata`, `$retryable`).
 */
export async function traceAwsCall<T>(
  call: AwsCall,
  send: (traceHeader: string | undefined) => Promise<T>,
  answered: (result: T) => AwsCallOutcome,
): Promise<T> {
  const current = invocation;
  if (!current) return send(undefined);
  const { trace, subsegment: parent } = current;
  const subsegment: Subsegment | undefined = parent && {
    id: newId(),
    name: call.service,
    trace_id: trace.root,
    parent_id: parent.id,
    type: 'subsegment',
    start_time: seconds(),
    namespace: 'aws',
  };
  const header = `Root=${trace.root};Parent=${subsegment?.id ?? trace.parent};Sampled=${subsegment ? 1 : 0}`;
  if (!subsegment) return send(header);
  const finish = async ({ metadata, contentLength }: AwsCallOutcome) => {
    subsegment.end_time = seconds();
    const { region } = call;
    subsegment.aws = {
      operation: call.operation,
      region: typeof region === 'function' ? await region().catch(() => undefined) : region,
      request_id: metadata?.requestId,
      retries: Math.max((metadata?.attempts ?? 1) - 1, 0),
      ...named(call.input),
    };
    const status = metadata?.httpStatusCode;
    if (status !== undefined || contentLength !== undefined)
      subsegment.http = {
        response: { status, content_length: contentLength === undefined ? undefined : Number(contentLength) },
      };
    if (status === 429) subsegment.throttle = true;
    if (status !== undefined && status >= 500) subsegment.fault = true;
    else if (status !== undefined && status >= 400) subsegment.error = true;
  };
  try {
    const result = await send(header);
    await finish(answered(result));
    sendToDaemon(subsegment);
    return result;
  } catch (error) {
    const failure = error as SdkError;
    await finish({ metadata: failure.$metadata });
    if (failure.$retryable?.throttling) subsegment.throttle = true;
    // No answer at all (a network failure): the call failed on our side of it.
    if (!subsegment.error && !subsegment.fault) subsegment.fault = true;
    recordError(subsegment, error, true);
    sendToDaemon(subsegment);
    throw error;
  }
}

/**
 * Records each call of `client` as a subsegment of the invocation's (traceAwsCall), as the X-Ray SDK's
 * instrumentation of a client does (its step, on `build`: once a call, its retries inside).
 */
export function traceSdkCalls(client: TracedClient): void {
  client.middlewareStack.add(
    (next, context) => (args) =>
      traceAwsCall(
        {
          service: (context.clientName ?? 'AWS').replace(/Client$/, ''),
          operation: (context.commandName ?? '').replace(/Command$/, ''),
          region: client.config.region,
          input: args.input ?? {},
        },
        (header) => {
          if (header && args.request?.headers) args.request.headers['X-Amzn-Trace-Id'] = header;
          return next(args);
        },
        (result) => ({
          metadata: result.output?.$metadata,
          contentLength: result.response?.headers?.['content-length'],
        }),
      ),
    { step: 'build', name: 'tracing' },
  );
}
