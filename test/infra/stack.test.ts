import { App, NestedStack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { routeKey } from '../../functions/core/http/route';
import { GROUPS, ROUTES } from '../../functions/routes';
import { QUEUES, STREAM_CONSUMERS, TABLE, deadLetterQueueName } from '../../functions/core/infrastructure';
import { PaymentsStack } from '../../lib/payments-stack';
import { REGISTRY } from '../../functions/registry';
import type { GroupDefinition } from '../../functions/core/group';
import { METRIC, METRICS_NAMESPACE } from '../../functions/core/metric-names';

/** Built once with bundling skipped: the assertions are about the template, not the bundles. */
const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new PaymentsStack(app, 'PaymentsPlatform');
const template = Template.fromStack(stack);
/** The nested stack of the API's routes and their integrations (lib/constructs/http-api.ts). */
const routesTemplate = Template.fromStack(
  stack.node.findAll().find((c): c is NestedStack => c instanceof NestedStack)!,
);
/** Functions fed by a queue or by the table's stream. */
const consumers = [...QUEUES.filter((q) => q.consumer), ...STREAM_CONSUMERS];
/**
 * Functions run on a schedule rather than by a queue: the webhook outbox and promotion sweeps, the settlement, digest
 * and promotion draw runs.
 */
const scheduled = 5;

describe('PaymentsStack', () => {
  it('keeps one DynamoDB table: on demand, PITR, TTL, GSI1 and GSI2, retained', () => {
    template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
        ],
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
        GlobalSecondaryIndexes: TABLE.indexes.map((index) =>
          Match.objectLike({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.partitionKey, KeyType: 'HASH' },
              { AttributeName: index.sortKey, KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: index.projection },
          }),
        ),
        Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
      }),
    });
  });

  it('puts the table and every index on provisioned capacity with auto scaling when the deployment asks', () => {
    const tableCapacity = { read: { min: 5, max: 100 }, write: { min: 10, max: 200 }, targetUtilizationPercent: 60 };
    const provisioned = new PaymentsStack(new App({ context: { 'aws:cdk:bundling-stacks': [] } }), 'Provisioned', {
      tableCapacity,
    });
    const scaled = (kind: 'Read' | 'Write', { min, max }: { min: number; max: number }) => ({
      [`${kind}CapacityAutoScalingSettings`]: {
        MinCapacity: min,
        MaxCapacity: max,
        TargetTrackingScalingPolicyConfiguration: { TargetValue: 60 },
      },
    });
    Template.fromStack(provisioned).hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      BillingMode: 'PROVISIONED',
      WriteProvisionedThroughputSettings: scaled('Write', tableCapacity.write),
      GlobalSecondaryIndexes: TABLE.indexes.map((index) =>
        Match.objectLike({
          IndexName: index.name,
          WriteProvisionedThroughputSettings: scaled('Write', tableCapacity.write),
        }),
      ),
      Replicas: [
        Match.objectLike({
          ReadProvisionedThroughputSettings: scaled('Read', tableCapacity.read),
          GlobalSecondaryIndexes: TABLE.indexes.map((index) =>
            Match.objectLike({
              IndexName: index.name,
              ReadProvisionedThroughputSettings: scaled('Read', tableCapacity.read),
            }),
          ),
        }),
      ],
    });
  });

  it('blocks public access to the media bucket, encrypts it and refuses plain HTTP', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      VersioningConfiguration: { Status: 'Enabled' },
      LoggingConfiguration: Match.anyValue(),
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('gives every queue a dead-letter queue and an alarm on its depth', () => {
    // + the stream consumers' on-failure destination.
    template.resourceCountIs('AWS::SQS::Queue', QUEUES.length * 2 + 1);
    for (const queue of QUEUES) {
      template.hasResourceProperties('AWS::SQS::Queue', {
        VisibilityTimeout: queue.visibilityTimeoutSeconds,
        RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: queue.maxReceiveCount },
        SqsManagedSseEnabled: true,
      });
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        AlarmDescription: `Messages in the ${queue.name} dead-letter queue`,
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Threshold: 1,
      });
      expect(deadLetterQueueName(queue.name)).toBe(`${queue.name}-dlq`);
    }
  });

  it('parks every stream batch that spent its retries in the alarmed stream-failures queue', () => {
    const [failures] = Object.keys(template.findResources('AWS::SQS::Queue')).filter((id) =>
      id.startsWith('Datastreamfailures'),
    );
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter((m) =>
      JSON.stringify(m).includes('StreamArn'),
    );
    expect(mappings).toHaveLength(STREAM_CONSUMERS.length);
    for (const mapping of mappings)
      expect(mapping).toMatchObject({
        Properties: {
          BisectBatchOnFunctionError: true,
          MaximumRetryAttempts: 10,
          DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [failures, 'Arn'] } } },
        },
      });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [failures, 'QueueName'] } }],
      Threshold: 1,
    });
  });

  it('has one function per endpoint group and per queue consumer: arm64, current Node.js, own log group', () => {
    template.resourceCountIs('AWS::Lambda::Function', GROUPS.length + consumers.length + scheduled);
    template.allResourcesProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      LoggingConfig: { LogGroup: Match.anyValue() },
      Environment: {
        Variables: Match.objectLike({
          TABLE_NAME: Match.anyValue(),
          PAGE_KEY_SECRET_ARN: Match.anyValue(),
          NODE_OPTIONS: Match.absent(),
        }),
      },
    });
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', consumers.length);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('routes exactly the route table, plus $default to the system group', () => {
    const routes = [template, routesTemplate].flatMap((t) =>
      Object.values(t.findResources('AWS::ApiGatewayV2::Route')),
    );
    const keys = routes.map((r) => (r as { Properties: { RouteKey: string } }).Properties.RouteKey);
    expect(keys.sort()).toEqual(['$default', ...ROUTES.map((r) => routeKey(r))].sort());
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
    template.hasOutput('ApiUrl', Match.anyValue());
    template.hasOutput('TableName', Match.anyValue());
  });

  it('serves branding images at GET /media/{mediaUploadId}: no authorizer, the media function, private bucket', () => {
    const routes = routesTemplate.findResources('AWS::ApiGatewayV2::Route', {
      Properties: { RouteKey: 'GET /media/{mediaUploadId}' },
    });
    const [route] = Object.values(routes) as { Properties: { AuthorizationType: string; Target: unknown } }[];
    expect(route.Properties.AuthorizationType).toBe('NONE');
    // The route's integration invokes the media-uploads group function, which alone reads the bucket's media objects.
    const integrationId = /"Ref":"([^"]+)"/.exec(JSON.stringify(route.Properties.Target))![1];
    const integration = routesTemplate.toJSON().Resources[integrationId];
    expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
    expect(JSON.stringify(integration.Properties.IntegrationUri)).toMatch(/Functionsgroupmediauploads/);
    // The bucket blocks every public access: the function reads it, and the media CDN its public prefix only
    // (test/infra/media-cdn.test.ts).
    template.allResourcesProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicPolicy: true, RestrictPublicBuckets: true }),
    });
    // What makes it cacheable (Cache-Control: public, immutable) is the function's; the route serves images.
    expect(ROUTES.find((r) => routeKey(r) === 'GET /media/{mediaUploadId}')).toMatchObject({
      group: 'media-uploads',
      authentication: 'none',
      contentType: 'image/*',
    });
  });

  it('gives every function the one Powertools layer, built from the pinned packages', () => {
    template.resourceCountIs('AWS::Lambda::LayerVersion', 1);
    const layer = Object.keys(template.findResources('AWS::Lambda::LayerVersion'))[0];
    for (const fn of Object.values(template.findResources('AWS::Lambda::Function'))) {
      expect((fn as { Properties: { Layers?: unknown[] } }).Properties.Layers).toEqual([{ Ref: layer }]);
    }
  });

  it(
    "stays well inside CloudFormation's 500 resources a stack: the routes in a nested stack, one invoke " +
      'permission per group function',
    () => {
      // The stack grows by 5 per group function, the routes' by 2 per group and 1 per route: 300 and 283 with 35
      // groups, their consumers and schedules, and the media CDN. Past 400, split before the limit is near (a nested
      // stack per area).
      expect(Object.keys(template.toJSON().Resources).length).toBeLessThan(400);
      expect(Object.keys(routesTemplate.toJSON().Resources).length).toBeLessThan(400);
      const permissions = [template, routesTemplate].flatMap((t) =>
        Object.keys(t.findResources('AWS::Lambda::Permission')),
      );
      expect(permissions.length).toBeLessThanOrEqual(GROUPS.length + 10);
      routesTemplate.resourceCountIs('AWS::ApiGatewayV2::Route', ROUTES.length);
    },
  );

  it('grants least privilege: the system group touches no data; only payment requests send timers', () => {
    const policies = Object.entries(template.findResources('AWS::IAM::Policy'));
    const statementsOf = (fragment: string) =>
      JSON.stringify(policies.filter(([id]) => id.includes(fragment.replace(/-/g, ''))).map(([, p]) => p));
    expect(statementsOf('groupsystem')).not.toMatch(/dynamodb:/);
    expect(statementsOf('groupsystem')).not.toMatch(/sqs:SendMessage/);
    // Accounts send only what advancing a test clock runs at once: timers and webhook retries.
    expect(statementsOf('groupaccounts')).toMatch(/sqs:SendMessage/);
    expect(statementsOf('groupaccounts')).not.toMatch(/batches/);
    expect(statementsOf('grouppaymentrequests')).toMatch(/sqs:SendMessage/);
    // The hosted checkout and the listings raise webhook events (a cancel, a test pay, an expiry applied on
    // read) only by writing them: the table's stream hands them on, so they send to no queue.
    expect(statementsOf('groupcheckout')).not.toMatch(/sqs:SendMessage/);
    expect(statementsOf('grouppaymentactivities')).not.toMatch(/sqs:SendMessage/);
    expect(statementsOf('grouppaymentrequests')).not.toMatch(/Datawebhooksqueue/);
    // The stream consumer sends first attempts to the webhooks queue only.
    expect(statementsOf('consumerwebhookevents')).toMatch(/"Fn::GetAtt":\["Datawebhooksqueue[0-9A-F]+","Arn"\]/);
    expect(statementsOf('consumerwebhookevents')).not.toMatch(/Datatimersqueue|Databatchesqueue/);
    // Only media uploads reach the bucket, and only its objects under media/: put and get; the batches consumer reads
    // them.
    expect(
      policies
        .filter(([id]) => !id.includes('groupmediauploads') && !id.includes('consumerbatches'))
        .map(([, p]) => JSON.stringify(p))
        .join(),
    ).not.toMatch(/s3:/);
    expect(statementsOf('consumerbatches')).toMatch(
      new RegExp(
        String.raw`"Action":"s3:GetObject","Effect":"Allow","Resource":\{"Fn::Join":\["",\[` +
          String.raw`\{"Fn::GetAtt":\["DataMediaBucket[0-9A-F]+","Arn"\]\},"\/media\/\*"\]\]\}`,
      ),
    );
    expect(statementsOf('consumerbatches')).not.toMatch(/s3:PutObject/);
    expect(statementsOf('groupmediauploads')).toMatch(/"Action":\["s3:PutObject","s3:GetObject"\]/);
    expect(statementsOf('groupmediauploads')).toMatch(/\/media\/\*/);
  });

  it('sends notifications from their queue consumer only, rate-bound, through the stack’s own identities', () => {
    const policies = Object.entries(template.findResources('AWS::IAM::Policy'));
    const statementsOf = (fragment: string) =>
      JSON.stringify(policies.filter(([id]) => id.includes(fragment.replace(/-/g, ''))).map(([, p]) => p));
    const notifications = QUEUES.find((q) => q.name === 'notifications')!;
    expect(notifications).toMatchObject({ consumer: 'notifications', maxConcurrency: 2 });
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Datanotificationsqueue'), 'Arn'] },
      ScalingConfig: { MaximumConcurrency: 2 },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    // The table stream hands new notifications to the queue: its consumer sends to no other.
    expect(statementsOf('consumernotificationoutbox')).toMatch(/Datanotificationsqueue/);
    expect(statementsOf('consumernotificationoutbox')).not.toMatch(/Datawebhooksqueue|ses:|sms-voice:/);
    // SES and SMS: the notifications consumer alone, on the stack's identity and configuration sets, never `*`.
    const sender = statementsOf('consumernotifications');
    expect(sender).toMatch(/"Action":"ses:SendEmail"/);
    expect(sender).toMatch(/:identity\//);
    expect(sender).toMatch(/:configuration-set\//);
    expect(sender).toMatch(/"Action":"sms-voice:SendTextMessage","Effect":"Allow","Resource":\{"Fn::GetAtt":/);
    const others = policies
      .filter(([id]) => !id.includes('consumernotifications'))
      .map(([, p]) => JSON.stringify(p))
      .join();
    expect(others).not.toMatch(/ses:SendEmail|sms-voice:/);
    for (const [, policy] of policies)
      for (const statement of (
        policy as { Properties: { PolicyDocument: { Statement: { Action: unknown; Resource: unknown }[] } } }
      ).Properties.PolicyDocument.Statement)
        if (JSON.stringify(statement.Action).match(/ses:|sms-voice:/)) expect(statement.Resource).not.toBe('*');
    // Bounces and complaints: SES's own suppression, and its events on an encrypted topic to the queue.
    template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
    template.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      EventDestination: Match.objectLike({ MatchingEventTypes: ['bounce', 'complaint'], Enabled: true }),
    });
    template.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'sqs',
      RawMessageDelivery: true,
      Endpoint: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Datanotificationsqueue'), 'Arn'] },
    });
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'app.example.com' });
    template.resourceCountIs('AWS::SMSVOICE::ConfigurationSet', 1);
  });

  it('keeps the webhook signing keys in a retained secret, deployed empty, named to every function', () => {
    template.hasResource('AWS::SecretsManager::Secret', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ SecretString: '{"keys":[]}' }),
    });
    template.allResourcesProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ WEBHOOK_SIGNING_KEYS_SECRET_ARN: Match.anyValue() }) },
    });
  });

  it(
    'signs users in to one retained Cognito user pool: strong passwords, MFA required, Plus threat protection, a ' +
      'public PKCE app client with 1-hour access tokens; every function verifies against its issuer and client',
    () => {
      template.resourceCountIs('AWS::Cognito::UserPool', 1);
      template.hasResource('AWS::Cognito::UserPool', {
        DeletionPolicy: 'Retain',
        Properties: Match.objectLike({
          Policies: {
            PasswordPolicy: Match.objectLike({
              MinimumLength: 12,
              RequireLowercase: true,
              RequireUppercase: true,
              RequireNumbers: true,
              RequireSymbols: true,
            }),
          },
          MfaConfiguration: 'ON',
          EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
          UserPoolTier: 'PLUS',
          DeletionProtection: 'ACTIVE',
          UsernameAttributes: ['email'],
        }),
      });
      template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
      template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        GenerateSecret: false,
        AllowedOAuthFlows: ['code'],
        AccessTokenValidity: 60,
        TokenValidityUnits: Match.objectLike({ AccessToken: 'minutes' }),
        PreventUserExistenceErrors: 'ENABLED',
      });
      const [poolId] = Object.keys(template.findResources('AWS::Cognito::UserPool'));
      const [clientId] = Object.keys(template.findResources('AWS::Cognito::UserPoolClient'));
      template.allResourcesProperties('AWS::Lambda::Function', {
        Environment: {
          Variables: Match.objectLike({
            USER_POOL_ISSUER: {
              'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp('cognito-idp'), { Ref: poolId }])],
            },
            USER_POOL_CLIENT_ID: { Ref: clientId },
          }),
        },
      });
    },
  );

  it('keys promotion draws with a retained secret of their own, named to and readable by the draw run only', () => {
    const secretsFound = template.findResources('AWS::SecretsManager::Secret');
    const drawSecret = Object.keys(secretsFound).find((id) => id.startsWith('DataPromotionDrawKeySecret'))!;
    expect(secretsFound[drawSecret]).toMatchObject({ DeletionPolicy: 'Retain' });
    const functions = template.findResources('AWS::Lambda::Function');
    const named = Object.keys(functions).filter((id) => JSON.stringify(functions[id]).includes('DRAW_KEY_SECRET_ARN'));
    expect(named).toEqual([expect.stringMatching(/^Functionspromotiondraws/)]);
    const readers = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((p) => JSON.stringify(p).includes(drawSecret))
      .map((p) => JSON.stringify((p as { Properties: { Roles: unknown } }).Properties.Roles));
    expect(readers).toEqual([expect.stringMatching(/promotiondrawsRole/)]);
  });

  it('gathers timers for a second before invoking their consumer; a webhook or a notification waits for none', () => {
    const functions = template.findResources('AWS::Lambda::Function');
    const mappingOf = (fragment: string) => {
      const fn = Object.keys(functions).find((id) => id.includes(fragment))!;
      const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter(
        (m) => (m as { Properties: { FunctionName: { Ref: string } } }).Properties.FunctionName.Ref === fn,
      );
      expect(mappings).toHaveLength(1);
      return (mappings[0] as { Properties: Record<string, unknown> }).Properties;
    };
    expect(mappingOf('consumertimers')).toMatchObject({ BatchSize: 10, MaximumBatchingWindowInSeconds: 1 });
    for (const consumer of ['consumerwebhooks', 'consumernotifications'])
      expect(mappingOf(consumer).MaximumBatchingWindowInSeconds).toBeUndefined();
  });

  it("consumes the webhooks queue and the table stream's new webhook events (the outbox sweep: below)", () => {
    const functions = template.findResources('AWS::Lambda::Function');
    const idOf = (fragment: string) => Object.keys(functions).find((id) => id.includes(fragment))!;
    const queues = template.findResources('AWS::SQS::Queue');
    const webhooksQueue = Object.keys(queues).find((id) => id.startsWith('Datawebhooksqueue'))!;
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [webhooksQueue, 'Arn'] },
      FunctionName: { Ref: idOf('consumerwebhooks') },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    // Webhook events reach the dispatcher from the table's stream, filtered to events entering the outbox.
    const tables = template.findResources('AWS::DynamoDB::GlobalTable');
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [Object.keys(tables)[0], 'StreamArn'] },
      FunctionName: { Ref: idOf('consumerwebhookevents') },
      StartingPosition: 'LATEST',
      BatchSize: 10,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: {
        Filters: [
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: {
                NewImage: { PK: { S: [{ prefix: 'WEBHOOKEVENT#' }] }, GSI1PK: { S: [{ prefix: 'WEBHOOKOUTBOX#' }] } },
              },
            }),
          },
        ],
      },
    });
    // Paid requests reach the promotions by either form of the settling activity: one filter each (either matches).
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: idOf('consumerpromotionpayments') },
      FilterCriteria: {
        Filters: ['settles', 'type'].map((mark) => ({
          Pattern: JSON.stringify({
            eventName: ['INSERT'],
            dynamodb: {
              NewImage: {
                PK: { S: [{ prefix: 'PR#' }] },
                SK: { S: [{ prefix: 'ACTIVITY#' }] },
                [mark]: { S: [{ prefix: 'paid' }] },
              },
            },
          }),
        })),
      },
    });
    // A group's code goes live only after the stream filters it writes for are updated (CloudFormation's order).
    const streamMappings = Object.entries(template.findResources('AWS::Lambda::EventSourceMapping'))
      .filter(([, mapping]) => JSON.stringify(mapping.Properties.EventSourceArn).includes('StreamArn'))
      .map(([id]) => id);
    expect(streamMappings).toHaveLength(STREAM_CONSUMERS.length);
    expect(functions[idOf('grouppaymentrequests')].DependsOn).toEqual(expect.arrayContaining(streamMappings));
    // Consumers park given-up deliveries themselves; only the local platform lets webhooks reach private addresses.
    template.allResourcesProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ DLQ_URL_WEBHOOKS: Match.anyValue() }) },
    });
    expect(JSON.stringify(functions)).not.toMatch(/WEBHOOK_ALLOW_PRIVATE_TARGETS/);
  });

  it.each([
    ['settlement', 'settlements', 'cron(10 * * * ? *)', 'table'],
    ['sales channel digest', 'saleschanneldigests', 'cron(10 * * * ? *)', 'table'],
    ['promotion draw', 'promotiondraws', 'rate(1 minute)', 'table'],
    ['promotion sweep', 'promotionsweep', 'rate(1 minute)', 'table'],
    ['webhook sweep', 'webhooksweep', 'rate(1 minute)', 'table and outbox'],
  ])('runs the %s consumer by an EventBridge Scheduler schedule that may invoke only it', (_, name, cron, access) => {
    const functions = template.findResources('AWS::Lambda::Function');
    const consumer = Object.keys(functions).filter((id) => new RegExp(`^Functions${name}`).test(id));
    expect(consumer).toHaveLength(1);
    // One mechanism for every schedule: no EventBridge rule.
    const schedules = template.findResources('AWS::Scheduler::Schedule');
    expect(Object.keys(schedules)).toHaveLength(5);
    expect(template.findResources('AWS::Events::Rule')).toEqual({});
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: cron,
      State: 'ENABLED',
      Target: Match.objectLike({
        Arn: { 'Fn::GetAtt': [consumer[0], 'Arn'] },
        RetryPolicy: Match.objectLike({ MaximumRetryAttempts: 2 }),
      }),
    });
    // The scheduler's role invokes the consumer and nothing else.
    const schedule = Object.values(schedules).find((one) => JSON.stringify(one).includes(consumer[0])) as {
      Properties: { Target: { RoleArn: { 'Fn::GetAtt': [string, string] } } };
    };
    const role = schedule.Properties.Target.RoleArn;
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((p) =>
      JSON.stringify(p).includes(role['Fn::GetAtt'][0]),
    );
    const statements = policies.flatMap(
      (p) =>
        (p as { Properties: { PolicyDocument: { Statement: { Action: unknown }[] } } }).Properties.PolicyDocument
          .Statement,
    );
    expect(statements.map((st) => st.Action)).toEqual(['lambda:InvokeFunction']);
    const consumerPolicies = JSON.stringify(
      Object.values(template.findResources('AWS::IAM::Policy')).filter((p) =>
        JSON.stringify((p as { Properties: { Roles: unknown } }).Properties.Roles).includes(`${name}Role`),
      ),
    );
    // Each reads and writes the table (settlements and the ledger; digests and their emails' records; draws and
    // their rewards; the sweeps' counts and derived events); only the webhook sweep sends, to the webhooks queue.
    expect(consumerPolicies).toMatch(/dynamodb:PutItem/);
    if (access === 'table') expect(consumerPolicies).not.toMatch(/sqs:SendMessage/);
    else expect(consumerPolicies).toMatch(/sqs:SendMessage/);
  });

  it('alarms on a 5xx rate above 1% and on function errors', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmDescription: 'More than 1% of API requests answered 5xx over 5 minutes',
      Metrics: Match.arrayWith([Match.objectLike({ Expression: 'IF(requests > 0, 100 * errors / requests, 0)' })]),
    });
    // + the five on the platform's own metrics (webhook failure rate, parked deliveries, rate-limit refusals, a
    // backlog that does not drain, server errors) and the stream-failures queue's depth.
    expect(Object.keys(template.findResources('AWS::CloudWatch::Alarm')).length).toBe(
      QUEUES.length + 1 + GROUPS.length + consumers.length + scheduled + 5 + 1,
    );
  });

  it("alarms when a sweep's backlog keeps being recorded: three 5-minute periods running", () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'BacklogRecorded',
      Namespace: 'PaymentsPlatform',
      Statistic: 'Sum',
      Period: 300,
      Threshold: 1,
      EvaluationPeriods: 3,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });
});

describe('PaymentsStack: each group its own function, grants and telemetry', () => {
  const functions = template.findResources('AWS::Lambda::Function');
  const policies = Object.entries(template.findResources('AWS::IAM::Policy'));
  /** Logical ids carry the construct path without punctuation: `group-payment-requests` → `grouppaymentrequests`. */
  const idOf = (group: string) => `group${group.replace(/-/g, '')}`;
  const functionOf = (group: string) =>
    Object.entries(functions).find(
      ([id]) => id.startsWith(`Functions${idOf(group)}`) && !id.includes('Role') && !id.includes('Logs'),
    );
  const statementsOf = (group: string) =>
    policies
      .filter(([id]) => id.startsWith(`Functions${idOf(group)}Role`))
      .flatMap(
        ([, p]) =>
          (p as { Properties: { PolicyDocument: { Statement: { Action: string | string[] }[] } } }).Properties
            .PolicyDocument.Statement,
      );
  const actionsOf = (group: string) => statementsOf(group).flatMap((statement) => [statement.Action].flat());

  it.each(REGISTRY.map((group) => [group.name, group as GroupDefinition] as const))(
    '%s: its own function (entry, tracing, Powertools) and exactly the grants its infrastructure.ts declares',
    (name, group) => {
      const fn = functionOf(name);
      expect(fn).toBeDefined();
      const properties = (fn![1] as { Properties: { TracingConfig: unknown; Environment: { Variables: unknown } } })
        .Properties;
      expect(properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect(properties.Environment.Variables).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'payments-platform',
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
      });
      const actions = actionsOf(name);
      const { infrastructure = {} } = group;
      expect(actions).toEqual(expect.arrayContaining(['xray:PutTraceSegments', 'xray:PutTelemetryRecords']));
      expect(actions.some((a) => a.startsWith('dynamodb:'))).toBe(infrastructure.table !== 'none');
      expect(actions.includes('sqs:SendMessage')).toBe((infrastructure.sends ?? []).length > 0);
      // Every function reads the page-key secret; only groups that publish the JWKS also read the signing keys.
      const secretReads = statementsOf(name).filter((s) =>
        [s.Action].flat().includes('secretsmanager:GetSecretValue'),
      ).length;
      expect(secretReads).toBe(infrastructure.readsWebhookSigningKeys ? 2 : 1);
    },
  );

  it(
    'alarms on webhook failures, parked deliveries, rate-limit refusals and server errors, from the platform ' +
      'metrics',
    () => {
      for (const metricName of [METRIC.webhookDeliveriesParked, METRIC.rateLimitRefusals, METRIC.serverErrors]) {
        template.hasResourceProperties('AWS::CloudWatch::Alarm', {
          Namespace: METRICS_NAMESPACE,
          MetricName: metricName,
          Dimensions: [{ Name: 'service', Value: 'payments-platform' }],
        });
      }
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Metrics: Match.arrayWith([
          Match.objectLike({ Expression: 'IF(delivered + failed >= 10, 100 * failed / (delivered + failed), 0)' }),
          Match.objectLike({
            MetricStat: Match.objectLike({ Metric: Match.objectLike({ MetricName: METRIC.webhookDeliveryFailures }) }),
          }),
        ]),
      });
    },
  );

  it('has one dashboard with the money, webhook, rate-limit, API, function and table widgets', () => {
    template.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const body = JSON.stringify(Object.values(template.findResources('AWS::CloudWatch::Dashboard'))[0]);
    for (const metricName of Object.values(METRIC).filter((m) => m !== METRIC.serverErrors))
      expect(body).toContain(metricName);
    expect(body).toContain('SEARCH(');
    for (const title of [
      'Payments, refunds, voids',
      'Webhook deliveries',
      'Rate-limit refusals (429)',
      'API requests, 4xx, 5xx',
      'Function duration p99 (ms)',
      'DynamoDB consumed capacity',
    ])
      expect(body).toContain(title);
  });
});
