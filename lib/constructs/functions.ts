import { Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import { join } from 'node:path';
import type { GroupDefinition } from '../../functions/core/group';
import {
  BUCKET,
  deadLetterQueueUrlVariable,
  MEDIA_PREFIX,
  PUBLIC_MEDIA,
  queueUrlVariable,
  STREAM_CONSUMERS,
  streamEventNames,
} from '../../functions/core/infrastructure';
import { REGISTRY } from '../../functions/registry';
import type { Group } from '../../functions/routes';
import { METRICS_NAMESPACE, SERVICE } from '../../functions/core/metric-names';
import { ARCHITECTURE, BUNDLING, bundlingWith, MEMORY_MB, RUNTIME } from '../bundling';
import { buildLayerDirectory } from '../powertools-layer';
import type { PaymentsData } from './data';
import type { PaymentsUsers } from './users';

const ROOT = join(__dirname, '..', '..');

/**
 * Consumers that park what they give up on in their queue's dead-letter queue themselves (webhook deliveries after two
 * weeks).
 */
const PARKS_IN_DEAD_LETTER_QUEUE = new Set(['webhooks']);
/** Consumers that sign what they send, and so read the webhook signing keys. */
const SIGNS_WEBHOOKS = new Set(['webhooks']);
/** Consumers that read media uploads' files (a batch's CSV). */
const READS_MEDIA = new Set(['batches']);
const SETTLEMENT_SCHEDULE =
  "Settles each merchant's ended days to its settlement bank account and confirms paid payouts";
const DIGEST_SCHEDULE = "Emails each sales channel its ended periods' connect requests";
const DRAW_SCHEDULE = 'Draws the promotion draws that ended and rewards their winners';
const WEBHOOK_SWEEP_SCHEDULE =
  'Derives the payment request webhook events their consumer could not, and sends on webhook events still in the ' +
  'outbox a minute after they were written';
const PROMOTION_SWEEP_SCHEDULE =
  'Counts toward promotions the paid payment requests the stream consumer could not count';

export interface FunctionsProps {
  data: PaymentsData;
  /** The user pool whose access tokens the functions verify. */
  users: PaymentsUsers;
  assetPrefix: string;
  appBaseUrl: string;
  /** The media CDN's base URL, which branding images' URLs start with. */
  mediaBaseUrl: string;
  /** The operations desk's address (integration requests to submit, approvals to review). */
  operationsEmail: string;
  stage: string;
}

/**
 * One Lambda per endpoint group, per queue consumer and per table stream consumer, the webhook and promotion
 * sweeps, the promotion draw run, the settlement run and the sales channel digest run, each with only the grants it
 * needs.
 */
export class PaymentsFunctions extends Construct {
  readonly groups = new Map<Group, NodejsFunction>();
  readonly consumers: NodejsFunction[] = [];
  /** Queue consumers by their module name (the notifications construct grants its sender its identities). */
  readonly queueConsumers = new Map<string, NodejsFunction>();

  constructor(scope: Construct, id: string, props: FunctionsProps) {
    super(scope, id);
    const { data } = props;
    const environment: Record<string, string> = {
      TABLE_NAME: data.table.tableName,
      ASSET_PREFIX: props.assetPrefix,
      APP_BASE_URL: props.appBaseUrl,
      OPERATIONS_EMAIL: props.operationsEmail,
      STAGE: props.stage,
      PAGE_KEY_SECRET_ARN: data.pageKeySecret.secretArn,
      WEBHOOK_SIGNING_KEYS_SECRET_ARN: data.webhookSigningKeys.secretArn,
      [BUCKET.environmentVariable]: data.mediaBucket.bucketName,
      [PUBLIC_MEDIA.baseUrlVariable]: props.mediaBaseUrl,
      ...props.users.environment,
      // Telemetry (functions/core/observability.ts): the log service, the EMF namespace.
      POWERTOOLS_SERVICE_NAME: SERVICE,
      POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
      LOG_LEVEL: 'INFO',
      ...Object.fromEntries(
        data.queues.map(({ definition, queue }) => [queueUrlVariable(definition.name), queue.queueUrl]),
      ),
      ...Object.fromEntries(
        data.queues.map(({ definition, deadLetterQueue }) => [
          deadLetterQueueUrlVariable(definition.name),
          deadLetterQueue.queueUrl,
        ]),
      ),
    };
    const queueNamed = (name: string) => data.queues.find((q) => q.definition.name === name)!.queue;
    const powertools = new lambda.LayerVersion(this, 'PowertoolsLayer', {
      description: 'Powertools for AWS Lambda (Parameters) and jose, as pinned in package.json',
      code: lambda.Code.fromAsset(buildLayerDirectory(BUNDLING.target!)),
      compatibleRuntimes: [RUNTIME],
      compatibleArchitectures: [ARCHITECTURE],
    });
    const make = (name: string, entry: string, timeout: Duration, files: readonly string[] = []) => {
      const logGroup = new logs.LogGroup(this, `${name}Logs`, { retention: logs.RetentionDays.ONE_MONTH });
      // An own role writing only to its own log group, instead of the managed basic execution policy.
      const role = new iam.Role(this, `${name}Role`, { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
      logGroup.grantWrite(role);
      const fn = new NodejsFunction(this, name, {
        entry: join(ROOT, entry),
        handler: 'handler',
        runtime: RUNTIME,
        architecture: ARCHITECTURE,
        memorySize: MEMORY_MB,
        // X-Ray: functions/core/tracing.ts records each invocation and its AWS SDK calls.
        tracing: lambda.Tracing.ACTIVE,
        timeout,
        environment,
        role,
        logGroup,
        bundling: bundlingWith(files),
        layers: [powertools],
      });
      data.pageKeySecret.grantRead(fn);
      return fn;
    };

    // Each group gets what its infrastructure.ts declares (least privilege: the table unless it stores nothing).
    for (const group of REGISTRY) {
      const { name } = group;
      const { infrastructure = {} }: GroupDefinition = group;
      const fn = make(`group-${name}`, `functions/lambda/${name}.ts`, Duration.seconds(10), infrastructure.files);
      if (infrastructure.table !== 'none') data.table.grantReadWriteData(fn);
      if (infrastructure.readsWebhookSigningKeys) data.webhookSigningKeys.grantRead(fn);
      // Objects of the media and public prefixes only, put and got: no listing, no deleting, no bucket settings.
      if (infrastructure.mediaBucket === 'read-write') {
        fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['s3:PutObject', 's3:GetObject'],
            resources: [MEDIA_PREFIX, PUBLIC_MEDIA.prefix].map((prefix) =>
              data.mediaBucket.arnForObjects(`${prefix}*`),
            ),
          }),
        );
      }
      for (const queue of infrastructure.sends ?? []) queueNamed(queue).grantSendMessages(fn);
      this.groups.set(name, fn);
    }

    for (const { definition, queue, deadLetterQueue } of data.queues) {
      if (!definition.consumer) continue;
      const fn = make(
        `consumer-${definition.consumer}`,
        `functions/consumers/${definition.consumer}.ts`,
        Duration.seconds(definition.visibilityTimeoutSeconds / 2),
      );
      data.table.grantReadWriteData(fn);
      if (SIGNS_WEBHOOKS.has(definition.consumer)) data.webhookSigningKeys.grantRead(fn);
      if (READS_MEDIA.has(definition.consumer)) {
        fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['s3:GetObject'],
            resources: [data.mediaBucket.arnForObjects(`${MEDIA_PREFIX}*`)],
          }),
        );
      }
      queue.grantSendMessages(fn); // long timers re-delay themselves
      if (PARKS_IN_DEAD_LETTER_QUEUE.has(definition.consumer)) deadLetterQueue.grantSendMessages(fn);
      fn.addEventSource(
        new SqsEventSource(queue, {
          batchSize: 10,
          reportBatchItemFailures: true,
          ...(definition.maxConcurrency ? { maxConcurrency: definition.maxConcurrency } : {}),
          ...(definition.batchingWindowSeconds
            ? { maxBatchingWindow: Duration.seconds(definition.batchingWindowSeconds) }
            : {}),
        }),
      );
      this.consumers.push(fn);
      this.queueConsumers.set(definition.consumer, fn);
    }

    // Fed by the table's stream, filtered by the mapping (only matching records invoke the function).
    // A batch that keeps failing is retried retryAttempts times, in halves, then skipped: its events
    // stay in the outbox for the sweep (payments the promotions consumer could not count, and payment request
    // changes whose events could not be derived, are recorded for their sweeps), and its place in the stream is
    // parked in the stream-failures queue (alarmed).
    // A stream consumer sends only to the queue it hands its records to.
    const streamMappings: lambda.EventSourceMapping[] = [];
    for (const definition of STREAM_CONSUMERS) {
      const fn = make(
        `consumer-${definition.consumer}`,
        `functions/consumers/${definition.consumer}.ts`,
        Duration.seconds(30),
      );
      data.table.grantReadWriteData(fn);
      if (definition.sends) queueNamed(definition.sends).grantSendMessages(fn);
      fn.addEventSource(
        new DynamoEventSource(data.table, {
          startingPosition: lambda.StartingPosition.LATEST,
          batchSize: definition.batchSize,
          bisectBatchOnError: true,
          retryAttempts: definition.retryAttempts,
          onFailure: new SqsDlq(data.streamFailures),
          reportBatchItemFailures: true,
          parallelizationFactor: 10,
          // A record passes if any filter matches it.
          filters: definition.inserted.map((prefixes) =>
            lambda.FilterCriteria.filter({
              eventName: lambda.FilterRule.or(...streamEventNames(definition)),
              dynamodb: {
                NewImage: Object.fromEntries(
                  Object.entries(prefixes).map(([attribute, prefix]) => [
                    attribute,
                    { S: lambda.FilterRule.beginsWith(prefix) },
                  ]),
                ),
              },
            }),
          ),
        }),
      );
      streamMappings.push(...fn.node.findAll().filter((c) => c instanceof lambda.EventSourceMapping));
      this.consumers.push(fn);
    }
    // A stream filter that changes with what the groups write (a new activity shape: core/infrastructure.ts) must let
    // the new shape through before code writing it goes live: every group's function is updated after the mappings.
    for (const group of this.groups.values()) group.node.addDependency(...streamMappings);

    // The webhook sweep: derives the payment request events their consumer recorded as underived (writing them and
    // forgetting the record) and sends on outbox events the stream did not hand on (to the webhooks queue).
    const sweep = make('webhook-sweep', 'functions/consumers/webhook-sweep.ts', Duration.seconds(60));
    data.table.grantReadWriteData(sweep);
    queueNamed('webhooks').grantSendMessages(sweep);
    // Ids other than the EventBridge rules' this replaced: CloudFormation cannot change a resource's type in place.
    this.schedule('WebhookOutboxSweep', sweep, 'rate(1 minute)', WEBHOOK_SWEEP_SCHEDULE);
    this.consumers.push(sweep);

    // The promotion sweep: counts the paid payment requests the promotions consumer recorded as uncounted.
    const promotionSweep = make('promotion-sweep', 'functions/consumers/promotion-sweep.ts', Duration.seconds(60));
    data.table.grantReadWriteData(promotionSweep);
    this.schedule('PromotionCountSweep', promotionSweep, 'rate(1 minute)', PROMOTION_SWEEP_SCHEDULE);
    this.consumers.push(promotionSweep);

    // The draw run (functions/consumers/promotion-draws.ts): draws each promotion draw once its end has come by its
    // owner's clock and rewards its winners; every minute, so a draw is drawn within a minute of its end. Its random
    // source is keyed by a secret of its own, which only it reads (functions/promotions/draws.ts). A rerun rewards
    // nobody twice.
    const draws = make('promotion-draws', 'functions/consumers/promotion-draws.ts', Duration.minutes(5));
    data.table.grantReadWriteData(draws);
    data.drawKeySecret.grantRead(draws);
    draws.addEnvironment('DRAW_KEY_SECRET_ARN', data.drawKeySecret.secretArn);
    this.schedule('PromotionDraw', draws, 'rate(1 minute)', DRAW_SCHEDULE);
    this.consumers.push(draws);

    // The settlement run (functions/consumers/settlements.ts): settles the merchants' ended days and confirms what
    // the bank paid. Hourly, five minutes past, so a day's last movements have reached the ledger's index and a test
    // account's advanced clock is settled within the hour; a rerun settles nothing twice.
    const settlements = make('settlements', 'functions/consumers/settlements.ts', Duration.minutes(5));
    data.table.grantReadWriteData(settlements);
    this.schedule('Settlement', settlements, 'cron(10 * * * ? *)', SETTLEMENT_SCHEDULE);
    this.consumers.push(settlements);

    // The sales channel digest run (functions/consumers/sales-channel-digests.ts): one email per channel and ended
    // day or week with connect requests, queued through the notifications outbox (the table); hourly, so a test
    // account's advanced clock is digested within the hour. A rerun sends nothing twice.
    const digests = make('sales-channel-digests', 'functions/consumers/sales-channel-digests.ts', Duration.minutes(5));
    data.table.grantReadWriteData(digests);
    this.schedule('SalesChannelDigest', digests, 'cron(10 * * * ? *)', DIGEST_SCHEDULE);
    this.consumers.push(digests);
  }

  /** An EventBridge Scheduler schedule invoking `fn`, with a role of its own that may invoke only that function. */
  private schedule(id: string, fn: NodejsFunction, expression: string, description: string): void {
    // The L2 target would also grant the function's versions (`:*`).
    const invoker = new iam.Role(this, `${id}ScheduleRole`, {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com'),
    });
    invoker.addToPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
    new scheduler.CfnSchedule(this, `${id}Schedule`, {
      description,
      scheduleExpression: expression,
      flexibleTimeWindow: { mode: 'OFF' },
      state: 'ENABLED',
      target: { arn: fn.functionArn, roleArn: invoker.roleArn, retryPolicy: { maximumRetryAttempts: 2 } },
    });
  }
}
