import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { METRIC } from '../../functions/core/metric-names';
import { platformMetric } from './dashboard';
import type { PaymentsData } from './data';

export interface AlarmsProps {
  data: PaymentsData;
  api: apigw.HttpApi;
  functions: NodejsFunction[];
}

/**
 * What must page someone: messages stuck in a dead-letter queue, a 5xx rate above 1%, function errors,
 * and on the platform's own metrics: failing or parked webhook deliveries, a flood of rate-limit
 * refusals, a sweep's backlog that does not drain, unhandled errors.
 */
export class PaymentsAlarms extends Construct {
  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    for (const { definition, deadLetterQueue } of props.data.queues) {
      new cloudwatch.Alarm(this, `${definition.name}-dlq-depth`, {
        alarmDescription: `Messages in the ${definition.name} dead-letter queue`,
        metric: deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1) }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    }
    new cloudwatch.Alarm(this, 'stream-failures-depth', {
      alarmDescription: 'A stream batch spent its retries: replay it from the stream within 24 hours',
      metric: props.data.streamFailures.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1) }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    const period = Duration.minutes(5);
    new cloudwatch.Alarm(this, 'api-5xx-rate', {
      alarmDescription: 'More than 1% of API requests answered 5xx over 5 minutes',
      metric: new cloudwatch.MathExpression({
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: { errors: props.api.metricServerError({ period }), requests: props.api.metricCount({ period }) },
        period,
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    // On the platform's own metrics (EMF, functions/core/observability.ts).
    new cloudwatch.Alarm(this, 'webhook-failure-rate', {
      alarmDescription: 'More than half of webhook delivery attempts failed over 15 minutes (at least 10 attempts)',
      metric: new cloudwatch.MathExpression({
        expression: 'IF(delivered + failed >= 10, 100 * failed / (delivered + failed), 0)',
        usingMetrics: {
          delivered: platformMetric(METRIC.webhookDeliveries, cloudwatch.Stats.SUM, Duration.minutes(15)),
          failed: platformMetric(METRIC.webhookDeliveryFailures, cloudwatch.Stats.SUM, Duration.minutes(15)),
        },
        period: Duration.minutes(15),
      }),
      threshold: 50,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    new cloudwatch.Alarm(this, 'webhook-deliveries-parked', {
      alarmDescription: 'A webhook delivery was given up on after 14 days of retries',
      metric: platformMetric(METRIC.webhookDeliveriesParked, cloudwatch.Stats.SUM, period),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    new cloudwatch.Alarm(this, 'rate-limit-refusals', {
      alarmDescription: 'More than 500 requests refused by rate limits (429) in 5 minutes, three periods running',
      metric: platformMetric(METRIC.rateLimitRefusals, cloudwatch.Stats.SUM, period),
      threshold: 500,
      evaluationPeriods: 3,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    // A failure swept within a minute counts once; work that keeps failing is recorded again by every sweep.
    new cloudwatch.Alarm(this, 'backlog-not-draining', {
      alarmDescription:
        'Work a stream consumer could not finish (promotion counts, payment request webhook events) was recorded ' +
        'for its sweep in each of three 5-minute periods running: it keeps failing',
      metric: platformMetric(METRIC.backlogRecorded, cloudwatch.Stats.SUM, period),
      threshold: 1,
      evaluationPeriods: 3,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    new cloudwatch.Alarm(this, 'server-errors', {
      alarmDescription: 'A request failed unexpectedly (logged as an unhandled error, answered 500)',
      metric: platformMetric(METRIC.serverErrors, cloudwatch.Stats.SUM, period),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    for (const fn of props.functions) {
      new cloudwatch.Alarm(this, `${fn.node.id}-errors`, {
        alarmDescription: `Errors of ${fn.node.id}`,
        metric: fn.metricErrors({ period }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
    }
  }
}
