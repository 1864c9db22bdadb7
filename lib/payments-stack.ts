import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { PaymentsAlarms } from './constructs/alarms';
import { PaymentsDashboard } from './constructs/dashboard';
import { PaymentsData, type TableCapacity } from './constructs/data';
import { PaymentsFunctions } from './constructs/functions';
import { PaymentsHttpApi } from './constructs/http-api';
import { PaymentsMediaCdn } from './constructs/media-cdn';
import { PaymentsNotifications } from './constructs/notifications';
import { acknowledgeNagFindings } from './constructs/nag-acknowledgements';
import { PaymentsUsers } from './constructs/users';

export interface PaymentsStackProps extends StackProps {
  /** The operator's asset-type issuer prefix (`svc` in `svc.nzd.main`). */
  assetPrefix?: string;
  /** Base URL of the patron-facing pay pages. */
  appBaseUrl?: string;
  stage?: string;
  /** The domain notification emails come from (an SES identity of the stack). */
  emailDomain?: string;
  /** The operations desk's address; `operations@<emailDomain>` unless given. */
  operationsEmail?: string;
  /** An AWS End User Messaging SMS phone pool or number ARN that text messages go from. */
  smsOriginationIdentityArn?: string;
  throttle?: { rateLimit: number; burstLimit: number };
  /** Provisioned capacity with auto scaling for the table; on demand without (the default). */
  tableCapacity?: TableCapacity;
}

/**
 * The whole platform: data, one Lambda per endpoint group and per consumer, the HTTP API, the branding images' CDN,
 * alarms.
 */
export class PaymentsStack extends Stack {
  constructor(scope: Construct, id: string, props: PaymentsStackProps = {}) {
    super(scope, id, props);
    const data = new PaymentsData(this, 'Data', { tableCapacity: props.tableCapacity });
    const appBaseUrl = props.appBaseUrl ?? 'https://app.example.com';
    const users = new PaymentsUsers(this, 'Users', { appBaseUrl });
    const emailDomain = props.emailDomain ?? new URL(appBaseUrl).hostname;
    const cdn = new PaymentsMediaCdn(this, 'MediaCdn', { data });
    const functions = new PaymentsFunctions(this, 'Functions', {
      data,
      users,
      assetPrefix: props.assetPrefix ?? 'svc',
      appBaseUrl,
      mediaBaseUrl: cdn.baseUrl,
      operationsEmail: props.operationsEmail ?? `operations@${emailDomain}`,
      stage: props.stage ?? 'prod',
    });
    new PaymentsNotifications(this, 'Notifications', {
      data,
      sender: functions.queueConsumers.get('notifications')!,
      emailDomain,
      smsOriginationIdentityArn: props.smsOriginationIdentityArn,
    });
    const http = new PaymentsHttpApi(this, 'Http', {
      functions: functions.groups,
      throttle: props.throttle ?? { rateLimit: 100, burstLimit: 200 },
    });
    new PaymentsAlarms(this, 'Alarms', {
      data,
      api: http.api,
      functions: [...functions.groups.values(), ...functions.consumers],
    });
    new PaymentsDashboard(this, 'Dashboard', {
      data,
      api: http.api,
      groups: functions.groups,
      consumers: functions.consumers,
    });
    new CfnOutput(this, 'TableName', { value: data.table.tableName });
    // The admin command writes the first webhook signing key (and later rotations) into this secret.
    new CfnOutput(this, 'WebhookSigningKeysSecretArn', { value: data.webhookSigningKeys.secretArn });
    new CfnOutput(this, 'UserPoolIssuer', { value: users.issuer });
    new CfnOutput(this, 'UserPoolClientId', { value: users.appClient.userPoolClientId });
    acknowledgeNagFindings(this, data);
  }
}
