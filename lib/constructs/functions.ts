import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { join } from 'node:path';
import { GROUPS, type Group } from '../../functions/routes';
import type { QueueDefinition } from '../definitions';
import { BUCKET, queueUrlVariable } from '../definitions';
import type { PaymentsData } from './data';

const ROOT = join(__dirname, '..', '..');

/** Queues each group's code sends to (least privilege: the rest send nothing). */
const SENDS: Partial<Record<Group, QueueDefinition['name'][]>> = { 'payment-requests': ['timers', 'webhooks'] };

export interface FunctionsProps {
  data: PaymentsData;
  assetPrefix: string;
  appBaseUrl: string;
  stage: string;
}

/** One Lambda per endpoint group and one per queue consumer, each with only the grants it needs. */
export class PaymentsFunctions extends Construct {
  readonly groups = new Map<Group, NodejsFunction>();
  readonly consumers: NodejsFunction[] = [];

  constructor(scope: Construct, id: string, props: FunctionsProps) {
    super(scope, id);
    const { data } = props;
    const environment: Record<string, string> = {
      TABLE_NAME: data.table.tableName,
      ASSET_PREFIX: props.assetPrefix,
      APP_BASE_URL: props.appBaseUrl,
      STAGE: props.stage,
      PAGE_KEY_SECRET_ARN: data.pageKeySecret.secretArn,
      [BUCKET.environmentVariable]: data.mediaBucket.bucketName,
      NODE_OPTIONS: '--enable-source-maps',
      ...Object.fromEntries(data.queues.map(({ definition, queue }) => [queueUrlVariable(definition.name), queue.queueUrl])),
    };
    const queueNamed = (name: string) => data.queues.find((q) => q.definition.name === name)!.queue;
    const make = (name: string, entry: string, timeout: Duration) => {
      const logGroup = new logs.LogGroup(this, `${name}Logs`, { retention: logs.RetentionDays.ONE_MONTH });
      // An own role writing only to its own log group, instead of the managed basic execution policy.
      const role = new iam.Role(this, `${name}Role`, { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
      logGroup.grantWrite(role);
      const fn = new NodejsFunction(this, name, {
        entry: join(ROOT, entry),
        handler: 'handler',
        runtime: lambda.Runtime.NODEJS_24_X,
        architecture: lambda.Architecture.ARM_64,
        memorySize: 512,
        timeout,
        environment,
        role,
        logGroup,
        bundling: { minify: true, sourceMap: true, target: 'node22', format: OutputFormat.CJS },
      });
      data.pageKeySecret.grantRead(fn);
      return fn;
    };

    for (const group of GROUPS) {
      const fn = make(`group-${group}`, `functions/${group}/handler.ts`, Duration.seconds(10));
      // The system group serves the OpenAPI document and unknown routes: it needs no data access.
      if (group !== 'system') data.table.grantReadWriteData(fn);
      for (const name of SENDS[group] ?? []) queueNamed(name).grantSendMessages(fn);
      this.groups.set(group, fn);
    }

    for (const { definition, queue } of data.queues) {
      if (!definition.consumer) continue;
      const fn = make(`consumer-${definition.consumer}`, `functions/consumers/${definition.consumer}.ts`, Duration.seconds(definition.visibilityTimeoutSeconds / 2));
      data.table.grantReadWriteData(fn);
      queue.grantSendMessages(fn); // long timers re-delay themselves
      fn.addEventSource(new SqsEventSource(queue, { batchSize: 10, reportBatchItemFailures: true }));
      this.consumers.push(fn);
    }
  }
}
