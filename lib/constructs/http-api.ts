import { CfnOutput, NestedStack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { ROUTES, type Group } from '../../functions/routes';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';

export interface HttpApiProps {
  functions: Map<Group, NodejsFunction>;
  throttle: { rateLimit: number; burstLimit: number };
}

/**
 * The HTTP API: one route per route-table entry, `$default` to the system group (404 JSON). The
 * routes and their integrations live in a nested stack of their own: with some 180 routes beside 7
 * resources per group function, one stack would be near CloudFormation's 500 resources a stack.
 */
export class PaymentsHttpApi extends Construct {
  readonly api: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  /** The nested stack holding the routes and their integrations. */
  readonly routes: NestedStack;

  constructor(scope: Construct, id: string, props: HttpApiProps) {
    super(scope, id);
    // One invoke permission per group function, not one per route: a permission per route doubles the
    // stack's resources and, at some 180 routes, passes CloudFormation's 500-resource limit.
    const integrations = new Map(
      [...props.functions].map(([group, fn]) => [
        group,
        new HttpLambdaIntegration(`${group}-integration`, fn, { scopePermissionToRoute: false }),
      ]),
    );
    this.api = new apigw.HttpApi(this, 'Api', {
      createDefaultStage: false,
      defaultIntegration: integrations.get('system'),
    });
    this.routes = new NestedStack(this, 'Routes');
    for (const route of ROUTES) {
      new apigw.HttpRoute(this.routes, `${route.method} ${route.path}`, {
        httpApi: this.api,
        routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
        integration: integrations.get(route.group)!,
      });
    }
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS });
    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    new CfnOutput(this, 'ApiUrl', {
      key: 'ApiUrl',
      value: this.stage.url,
      description: 'Base URL of the payments API',
    });
  }
}
