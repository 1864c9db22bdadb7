/**
 * Telemetry for every Lambda: one logger (structured JSON on AWS, one readable line per entry under `npm start`), EMF
 * metrics (namespace `PaymentsPlatform`), and X-Ray traces on AWS with active tracing (./tracing.ts). The logger and
 * the metrics write Powertools' own formats (the same log fields and EMF documents) without loading Powertools: its
 * Logger and Metrics cost some 20 ms of CPU of each cold import here (docs/performance.md, Cold start). Never log a
 * secret: API keys, signing keys and request bodies are not logged; log calls name ids.
 */
import type { MiddlewareObj } from '@middy/core';
import type { Context } from 'aws-lambda';

import { METRIC, METRICS_NAMESPACE, SERVICE, type MetricName } from './metric-names';
import { mappedStack, withSourceStack } from './source-maps';

export { METRIC, type MetricName };

/**
 * Traced: on AWS (a Lambda runtime the local platform is not) with active tracing, which gives the function the X-Ray
 * daemon's address. Only then is ./tracing.ts required.
 */
const traced = () =>
  !!process.env.AWS_LAMBDA_FUNCTION_NAME && process.env.STAGE !== 'local' && !!process.env.AWS_XRAY_DAEMON_ADDRESS;

const LEVELS = { DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20 } as const;
type Level = keyof typeof LEVELS;
const levelOf = (name: string | undefined, fallback: number) => LEVELS[(name ?? '').toUpperCase() as Level] ?? fallback;

/** An attribute's value on a local log line: an error as its source-mapped stack. */
const shown = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value instanceof Error
      ? (mappedStack(value.stack) ?? `${value.name}: ${value.message}`)
      : JSON.stringify(value);

/** Where an error was thrown, `file:line`, from its stack's first frame (as Powertools gives it). */
function location(stack: string | undefined): string {
  const match = stack
    ?.split('\n')
    .map((line) => /\(([^()]*?):(\d+?):(\d+?)\)\\?$/.exec(line))
    .find(Boolean);
  return match ? `${match[1]}:${Number(match[2])}` : '';
}

/** An error as Powertools logs it (name, location, message, stack, its cause alike), stack mapped to sources. */
function loggedError(error: Error): Record<string, unknown> {
  const { name, message, stack, cause } = withSourceStack(error);
  const fields: Record<string, unknown> = { name, location: location(stack), message, stack };
  fields.cause = cause instanceof Error ? loggedError(cause) : cause;
  for (const key of Object.keys(error))
    if (!(key in fields)) fields[key] = (error as unknown as Record<string, unknown>)[key];
  return fields;
}

const replacer = (_key: string, value: unknown) =>
  value instanceof Error ? loggedError(value) : typeof value === 'bigint' ? value.toString() : value;

/** The invocation's Lambda context fields, as Powertools' `injectLambdaContext` adds them (none in between). */
let invocation: Record<string, unknown> = {};
let loggerColdStart = true;

function print(level: Level, message: string, extra: Record<string, unknown> = {}): void {
  const local = process.env.STAGE === 'local';
  // Locally at LOG_LEVEL (npm start: INFO; tests and the bench: WARN), read when a line is printed (the local platform
  // sets it after loading); elsewhere off Lambda everything; on Lambda LOG_LEVEL or INFO.
  const threshold = local
    ? levelOf(process.env.LOG_LEVEL, LEVELS.WARN)
    : process.env.AWS_LAMBDA_FUNCTION_NAME
      ? levelOf(process.env.LOG_LEVEL, LEVELS.INFO)
      : LEVELS.DEBUG;
  if (LEVELS[level] < threshold) return;
  const timestamp = new Date().toISOString();
  if (local) {
    const fields = Object.entries(extra)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}=${shown(value)}`)
      .join(' ');
    (LEVELS[level] >= LEVELS.WARN ? console.error : console.log)(
      `${timestamp.slice(11, 23)} ${level.padEnd(5)} ${message}${fields ? ` ${fields}` : ''}`,
    );
    return;
  }
  const traceId = /Root=([^;]+)/.exec(process.env._X_AMZN_TRACE_ID ?? '')?.[1];
  const line = JSON.stringify(
    { level, message, timestamp, service: SERVICE, ...invocation, sampling_rate: 0, xray_trace_id: traceId, ...extra },
    replacer,
  );
  (LEVELS[level] >= LEVELS.WARN ? process.stderr : process.stdout).write(`${line}\n`);
}

export const logger = {
  info: (message: string, extra?: Record<string, unknown>) => print('INFO', message, extra),
  warn: (message: string, extra?: Record<string, unknown>) => print('WARN', message, extra),
  error: (message: string, extra?: Record<string, unknown>) => print('ERROR', message, extra),
};

/** The middy step that gives each invocation's log lines its Lambda context, and takes it away after. */
export function lambdaContext(): MiddlewareObj {
  const clear = () => {
    invocation = {};
  };
  return {
    before: ({ context }: { context: Context }) => {
      invocation = {
        cold_start: loggerColdStart,
        function_arn: context.invokedFunctionArn,
        function_memory_size: context.memoryLimitInMB === undefined ? undefined : Number(context.memoryLimitInMB),
        function_name: context.functionName,
        function_request_id: context.awsRequestId,
      };
      loggerColdStart = false;
    },
    after: clear,
    onError: clear,
  };
}

type Unit = 'Count' | 'None';

/** One EMF document: the metrics with their units, the dimensions' values, to CloudWatch through stdout. */
function emit(values: Map<string, { unit: Unit; values: number[] }>, dimensions: Record<string, string>): void {
  const document = {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        {
          Namespace: METRICS_NAMESPACE,
          Dimensions: [Object.keys(dimensions)],
          Metrics: [...values].map(([name, { unit }]) => ({ Name: name, Unit: unit })),
        },
      ],
    },
    ...dimensions,
    ...Object.fromEntries([...values].map(([name, m]) => [name, m.values.length === 1 ? m.values[0] : m.values])),
  };
  process.stdout.write(`${JSON.stringify(document)}\n`);
}

// EMF goes to CloudWatch from Lambda only: elsewhere (npm start, tests, the bench) nothing is printed
// unless POWERTOOLS_METRICS_DISABLED=false asks for it.
if (!process.env.AWS_LAMBDA_FUNCTION_NAME) process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
const metricsDisabled = () => process.env.POWERTOOLS_METRICS_DISABLED === 'true';

const stored = new Map<string, { unit: Unit; values: number[] }>();

/** The invocation's metrics, published together by `metricsFlush` (dimension `service`). */
export const metrics = {
  hasStoredMetrics: () => stored.size > 0,
  publishStoredMetrics(): void {
    if (!metricsDisabled() && stored.size) emit(stored, { service: SERVICE });
    stored.clear();
  },
  /** Powertools' `ColdStart` metric, by service and function name. */
  captureColdStartMetric(): void {
    if (metricsDisabled()) return;
    const name = process.env.AWS_LAMBDA_FUNCTION_NAME;
    emit(new Map([['ColdStart', { unit: 'Count', values: [1] }]]), {
      service: SERVICE,
      ...(name ? { function_name: name } : {}),
    });
  },
};

type Tracing = Pick<typeof import('./tracing'), 'invocationTracing' | 'traceSdkCalls' | 'traceAwsCall'>;
let tracing: Tracing | undefined | null = null;

/** The tracer when traced (undefined elsewhere), loaded on first use. */
function tracer(): Tracing | undefined {
  if (tracing === null) {
    if (traced()) {
      const { invocationTracing, traceSdkCalls, traceAwsCall }: Tracing = require('./tracing');
      tracing = { invocationTracing, traceSdkCalls, traceAwsCall };
    } else tracing = undefined;
  }
  return tracing;
}

/**
 * The tracer's middy step when traced (none elsewhere): each invocation a subsegment with its error, never its
 * response. A response may carry a secret (a new API key's) that no trace may hold, and X-Ray drops a subsegment over
 * 64 KB whole (the OpenAPI document is some 390 KB).
 */
export function tracingSteps(): MiddlewareObj[] {
  const active = tracer();
  return active ? [active.invocationTracing()] : [];
}

/**
 * An AWS SDK client as the platform runs every one: without the SDK's logger step, which runs each
 * call's input and output through the service's schema to hide sensitive members before handing them
 * to a logger that logs nothing (some 0.4 ms of CPU a pay; we log ourselves), and with its calls
 * recorded as subsegments on AWS.
 */
export function sdkClient<T extends { middlewareStack: { remove(name: string): boolean } }>(client: T): T {
  client.middlewareStack.remove('loggerMiddleware');
  tracer()?.traceSdkCalls(client as unknown as Parameters<Tracing['traceSdkCalls']>[0]);
  return client;
}

/**
 * An AWS call made without an SDK client (core/aws-request.ts), recorded as the SDK's calls are: `send` puts the
 * trace header it is given (if any) on its request.
 */
export const awsCall: Tracing['traceAwsCall'] = (call, send, answered) =>
  tracer()?.traceAwsCall(call, send, answered) ?? send(undefined);

export function countMetric(name: MetricName, value = 1): void {
  const known = stored.get(name);
  if (known) known.values.push(value);
  else stored.set(name, { unit: 'Count', values: [value] });
}

/**
 * A money amount as a metric of its own with its currency as the dimension (minor units), emitted
 * at once so that the currency dimension does not stick to the invocation's other metrics.
 */
export function amountMetric(name: MetricName, value: { currency: string; amount: string } | undefined): void {
  if (!value || metricsDisabled()) return;
  emit(new Map([[name, { unit: 'None', values: [Number(value.amount)] }]]), {
    service: SERVICE,
    currency: value.currency,
  });
}

/** Flushes the invocation's EMF metrics, if it recorded any (Powertools warns on an empty flush). */
export function metricsFlush() {
  const publish = () => {
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  };
  return { after: publish, onError: publish };
}
