import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { lambdaContext, metricsFlush, tracingSteps } from './observability';

/**
 * A queue or schedule consumer's Lambda entry with the HTTP pipeline's telemetry: the logger's Lambda context,
 * EMF metrics flushed after each invocation, X-Ray traces on AWS.
 */
export function observedConsumer<E, R>(run: (event: E) => Promise<R>): (event?: E, context?: Context) => Promise<R> {
  const handler = middy<E, R>(run);
  handler.use(tracingSteps());
  handler.use(lambdaContext()).use(metricsFlush());
  return (event, context) => handler(event as E, context ?? ({} as Context));
}
