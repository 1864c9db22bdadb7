import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE, SERVICE, type MetricName } from '../../functions/core/metric-names';
import type { PaymentsData } from './data';

const PERIOD = Duration.minutes(5);

/** One of the platform's own EMF metrics (functions/core/observability.ts): Powertools adds the `service` dimension. */
export const platformMetric = (metricName: MetricName, statistic = cloudwatch.Stats.SUM, period = PERIOD) =>
  new cloudwatch.Metric({
    namespace: METRICS_NAMESPACE,
    metricName,
    dimensionsMap: { service: SERVICE },
    statistic,
    period,
  });

/** An amount metric per currency (its `currency` dimension), whatever currencies appear. */
const perCurrency = (metricName: MetricName, label: string) =>
  new cloudwatch.MathExpression({
    expression:
      `SEARCH('{${METRICS_NAMESPACE},currency,service} ` + `MetricName="${metricName}"', 'Sum', ${PERIOD.toSeconds()})`,
    label,
    period: PERIOD,
  });

export interface DashboardProps {
  data: PaymentsData;
  api: apigw.HttpApi;
  groups: Map<string, NodejsFunction>;
  consumers: NodejsFunction[];
}

/** The operators' one page: money moved, webhooks, rate limiting, the API, the functions and the table. */
export class PaymentsDashboard extends Construct {
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: DashboardProps) {
    super(scope, id);
    const fns = [...props.groups.values(), ...props.consumers];
    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { defaultInterval: Duration.hours(6) });
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Payments, refunds, voids',
        left: [platformMetric(METRIC.payments), platformMetric(METRIC.refunds), platformMetric(METRIC.voids)],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Amount paid per currency (minor units)',
        left: [perCurrency(METRIC.paymentAmount, 'paid')],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Amount refunded per currency (minor units)',
        left: [perCurrency(METRIC.refundAmount, 'refunded')],
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Webhook deliveries',
        left: [
          platformMetric(METRIC.webhookDeliveries),
          platformMetric(METRIC.webhookDeliveryFailures),
          platformMetric(METRIC.webhookDeliveriesParked),
        ],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'Rate-limit refusals (429)',
        left: [platformMetric(METRIC.rateLimitRefusals)],
        width: 8,
      }),
      new cloudwatch.GraphWidget({
        title: 'API requests, 4xx, 5xx',
        left: [
          props.api.metricCount({ period: PERIOD }),
          props.api.metricClientError({ period: PERIOD }),
          props.api.metricServerError({ period: PERIOD }),
        ],
        right: [props.api.metricLatency({ period: PERIOD, statistic: cloudwatch.Stats.p(99) })],
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Function duration p99 (ms)',
        left: fns.map((fn) =>
          fn.metricDuration({ period: PERIOD, statistic: cloudwatch.Stats.p(99), label: fn.node.id }),
        ),
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Function errors and throttles',
        left: fns.map((fn) => fn.metricErrors({ period: PERIOD, label: fn.node.id })),
        right: fns.map((fn) => fn.metricThrottles({ period: PERIOD, label: `${fn.node.id} throttles` })),
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'DynamoDB consumed capacity',
        left: [
          props.data.table.metricConsumedReadCapacityUnits({ period: PERIOD }),
          props.data.table.metricConsumedWriteCapacityUnits({ period: PERIOD }),
        ],
        width: 12,
      }),
      // What waits on a retry or an operator: messages given up on, and work recorded for the sweeps.
      new cloudwatch.GraphWidget({
        title: 'Dead-letter queues; work recorded for the sweeps',
        left: props.data.queues.map(({ definition, deadLetterQueue }) =>
          deadLetterQueue.metricApproximateNumberOfMessagesVisible({
            period: Duration.minutes(1),
            label: `${definition.name}-dlq`,
          }),
        ),
        right: [platformMetric(METRIC.backlogRecorded)],
        width: 12,
      }),
    );
  }
}
