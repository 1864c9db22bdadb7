import { Duration, RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { QUEUES, TABLE, deadLetterQueueName, type QueueDefinition } from '../../functions/core/infrastructure';

/** Bounds of one kind of the table's provisioned capacity, scaled by DynamoDB auto scaling between them. */
export interface CapacityBounds {
  min: number;
  max: number;
}

/**
 * The table on provisioned capacity with auto scaling instead of on demand: cheaper for steady traffic (a write unit
 * provisioned for an hour costs what some 1,040 on-demand writes cost, so at the target utilisation a write costs about
 * 40% of an on-demand one), at the price of throttling a burst that outruns the scaling and the burst allowance.
 * docs/operations.md, "Table capacity".
 */
export interface TableCapacity {
  read: CapacityBounds;
  write: CapacityBounds;
  /** What auto scaling keeps consumed ÷ provisioned at (20–90). */
  targetUtilizationPercent: number;
}

/**
 * The stateful resources, shaped by functions/core/infrastructure.ts (which the local platform provisions from too).
 */
export class PaymentsData extends Construct {
  readonly table: dynamodb.TableV2;
  readonly mediaBucket: s3.Bucket;
  /** Server access logs of the media bucket and the media CDN's standard logs (ACLs on: CloudFront writes by ACL). */
  readonly accessLogs: s3.Bucket;
  readonly queues: { definition: QueueDefinition; queue: sqs.Queue; deadLetterQueue: sqs.Queue }[];
  /** Where a stream consumer's batch that spent its retries is parked: its shard and sequence numbers, to replay. */
  readonly streamFailures: sqs.Queue;
  readonly pageKeySecret: secrets.Secret;
  readonly drawKeySecret: secrets.Secret;
  readonly webhookSigningKeys: secrets.Secret;

  constructor(scope: Construct, id: string, props: { tableCapacity?: TableCapacity } = {}) {
    super(scope, id);
    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: dynamodb.AttributeType.STRING },
      // The indexes take the table's capacity and scale alike.
      billing: props.tableCapacity ? provisioned(props.tableCapacity) : dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE.ttlAttribute,
      dynamoStream: dynamodb.StreamViewType[TABLE.stream],
      encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      globalSecondaryIndexes: TABLE.indexes.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: index.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType[index.projection],
      })),
    });

    this.accessLogs = new s3.Bucket(this, 'MediaAccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.mediaBucket = new s3.Bucket(this, 'MediaBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'media/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.queues = QUEUES.map((definition) => {
      const deadLetterQueue = new sqs.Queue(this, deadLetterQueueName(definition.name), {
        retentionPeriod: Duration.days(14),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
      });
      const queue = new sqs.Queue(this, `${definition.name}-queue`, {
        visibilityTimeout: Duration.seconds(definition.visibilityTimeoutSeconds),
        retentionPeriod: Duration.days(definition.retentionDays),
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: definition.maxReceiveCount },
      });
      return { definition, queue, deadLetterQueue };
    });

    // Kept as long as SQS keeps anything; the records themselves stay in the stream for 24 hours.
    this.streamFailures = new sqs.Queue(this, 'stream-failures', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });

    this.pageKeySecret = new secrets.Secret(this, 'PageKeySecret', {
      description: 'HMAC key authenticating pagination page keys',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Keys promotion draws (functions/promotions/draws.ts); never rotated, so every past draw stays recomputable.
    this.drawKeySecret = new secrets.Secret(this, 'PromotionDrawKeySecret', {
      description: 'HMAC key scoring promotion draw entries (whoever holds it can recompute a draw)',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Deployed empty (nothing secret in the template); `npm run admin -- rotate-signing-key
    // --target aws` writes the keys. CloudFormation sets this value only on creation.
    this.webhookSigningKeys = new secrets.Secret(this, 'WebhookSigningKeys', {
      description: 'ES256 key set signing webhook JWTs (functions/core/webhooks/signing-keys.ts)',
      secretStringValue: SecretValue.unsafePlainText(JSON.stringify({ keys: [] })),
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}

function provisioned({ read, write, targetUtilizationPercent }: TableCapacity): dynamodb.Billing {
  const scaled = ({ min, max }: CapacityBounds) =>
    dynamodb.Capacity.autoscaled({ minCapacity: min, maxCapacity: max, targetUtilizationPercent });
  return dynamodb.Billing.provisioned({ readCapacity: scaled(read), writeCapacity: scaled(write) });
}
