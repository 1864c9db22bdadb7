/**
 * Powertools for every Lambda: one Logger (structured JSON on AWS, one readable line per entry under
 * `npm start`), one Metrics (CloudWatch EMF, namespace `PaymentsPlatform`), and the Tracer on AWS with active tracing.
 * Never log a secret: API keys, signing keys and request bodies are not logged; log calls name ids.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import type { LogItem } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import type { MiddlewareObj } from '@middy/core';

import { METRIC, METRICS_NAMESPACE, SERVICE, type MetricName } from './metric-names';
import { mappedStack, withSourceStack } from './source-maps';

export { METRIC, type MetricName };

/**
 * Traced: on AWS (a Lambda runtime the local platform is not) with active tracing, which gives the function the X-Ray
 * daemon's address. Only then are the Tracer and the X-Ray SDK required (some 20 ms of a cold start here).
 */
const traced = () =>
  !!process.env.AWS_LAMBDA_FUNCTION_NAME && process.env.STAGE !== 'local' && !!process.env.AWS_XRAY_DAEMON_ADDRESS;

const LEVELS: Record<string, number> = { TRACE: 6, DEBUG: 8, INFO: 12, WARN: 16, ERROR: 20, CRITICAL: 24, SILENT: 28 };

/**
 * On AWS, Powertools' structured JSON. Under `npm start` and the tests (STAGE=local, read when a line
 * is printed, as the local platform sets it after loading): `HH:MM:SS.mmm LEVEL message key=value …`
 * on one line, the same attributes, at LOG_LEVEL (npm start: INFO; tests and the bench: WARN).
 */
/** An attribute's value on a local log line: an error as its source-mapped stack. */
const shown = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value instanceof Error
      ? (mappedStack(value.stack) ?? `${value.name}: ${value.message}`)
      : JSON.stringify(value);

class PlatformLogger extends Logger {
  protected override printLog(logLevel: number, log: LogItem): void {
    if (process.env.STAGE !== 'local') {
      super.printLog(logLevel, log);
      return;
    }
    if (logLevel < (LEVELS[(process.env.LOG_LEVEL ?? 'WARN').toUpperCase()] ?? LEVELS.WARN)) return;
    const attributes = log.getAttributes() as Record<string, unknown>;
    const { level, message, timestamp } = attributes;
    const fields = Object.entries(attributes)
      .filter(([key, value]) => value !== undefined && !OMITTED_LOCALLY.has(key))
      .map(([key, value]) => `${key}=${shown(value)}`)
      .join(' ');
    const line =
      `${String(timestamp).slice(11, 23)} ${String(level).padEnd(5)} ` +
      `${String(message)}${fields ? ` ${fields}` : ''}`;
    (logLevel >= LEVELS.WARN ? console.error : console.log)(line);
  }
}

/** Attributes that say nothing locally (the gateway's stand-in Lambda context) or are already on the line. */
const OMITTED_LOCALLY = new Set([
  'level',
  'message',
  'timestamp',
  'service',
  'sampling_rate',
  'xray_trace_id',
  'cold_start',
  'function_arn',
  'function_memory_size',
  'function_name',
  'function_request_id',
]);

// Locally every level reaches printLog, which filters by LOG_LEVEL when it prints.
export const logger: Logger = new PlatformLogger({
  serviceName: SERVICE,
  logLevel:
    process.env.STAGE === 'local' || !process.env.AWS_LAMBDA_FUNCTION_NAME
      ? 'DEBUG'
      : ((process.env.LOG_LEVEL as 'INFO' | undefined) ?? 'INFO'),
  // An error logged names our sources (the bundle's source map, read when the first one is logged).
  jsonReplacerFn: (_key, value) => withSourceStack(value),
});

// EMF goes to CloudWatch from Lambda only: elsewhere (npm start, tests, the bench) nothing is printed
// unless POWERTOOLS_METRICS_DISABLED=false asks for it.
if (!process.env.AWS_LAMBDA_FUNCTION_NAME) process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: SERVICE });

let tracerInstance: Tracer | undefined | null = null;

/** The Tracer when traced (undefined elsewhere): loaded on first use, so untraced runs never load the X-Ray SDK. */
function tracer(): Tracer | undefined {
  if (tracerInstance === null) {
    tracerInstance = traced()
      ? new (require('@aws-lambda-powertools/tracer') as typeof import('@aws-lambda-powertools/tracer')).Tracer({
          serviceName: SERVICE,
        })
      : undefined;
  }
  return tracerInstance;
}

/**
 * The Tracer's middy step when traced (none elsewhere): each invocation a subsegment with its error,
 * never its response. A response may carry a secret (a new API key's) that no trace may hold, and
 * X-Ray drops a subsegment over 64 KB whole (the OpenAPI document is some 390 KB).
 */
export function tracingSteps(): MiddlewareObj[] {
  const active = tracer();
  if (!active) return [];
  const { captureLambdaHandler } =
    require('@aws-lambda-powertools/tracer/middleware') as typeof import('@aws-lambda-powertools/tracer/middleware');
  return [captureLambdaHandler(active, { captureResponse: false })];
}

/**
 * An AWS SDK client as the platform runs every one: without the SDK's logger step, which runs each
 * call's input and output through the service's schema to hide sensitive members before handing them
 * to a logger that logs nothing (some 0.4 ms of CPU a pay; we log ourselves), and with its calls
 * recorded by the Tracer as subsegments on AWS.
 */
export function sdkClient<T extends { middlewareStack: { remove(name: string): boolean } }>(client: T): T {
  client.middlewareStack.remove('loggerMiddleware');
  return tracer()?.captureAWSv3Client(client) ?? client;
}

export function countMetric(name: MetricName, value = 1): void {
  metrics.addMetric(name, MetricUnit.Count, value);
}

/**
 * A money amount as a metric of its own with its currency as the dimension (minor units), emitted
 * at once so that the currency dimension does not stick to the invocation's other metrics.
 */
export function amountMetric(name: MetricName, value: { currency: string; amount: string } | undefined): void {
  if (!value) return;
  const single = metrics.singleMetric();
  single.addDimension('currency', value.currency);
  single.addMetric(name, MetricUnit.NoUnit, Number(value.amount));
}

/** Flushes the invocation's EMF metrics, if it recorded any (Powertools warns on an empty flush). */
export function metricsFlush() {
  const publish = () => {
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  };
  return { after: publish, onError: publish };
}
