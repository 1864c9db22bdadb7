import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as smsvoice from 'aws-cdk-lib/aws-smsvoice';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { PaymentsData } from './data';

export interface NotificationsProps {
  data: PaymentsData;
  /** The notifications queue consumer (functions/consumers/notifications.ts): the only sender. */
  sender: NodejsFunction;
  /** The domain emails come from (an SES identity this stack verifies: its DKIM records go into DNS). */
  emailDomain: string;
  /**
   * An AWS End User Messaging SMS origination identity (a phone pool or number ARN) text messages go
   * from; without one the account's default is used, through this stack's SMS configuration set only.
   */
  smsOriginationIdentityArn?: string;
}

/**
 * Notifications on AWS (core/notifications): the SES domain identity and configuration set emails go
 * through, whose bounce and complaint events reach the notifications queue through an encrypted SNS topic
 * (the consumer puts those addresses on the suppression list); the SMS configuration set; and the
 * sender's permission to send through exactly these identities.
 */
export class PaymentsNotifications extends Construct {
  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id);
    const queue = props.data.queues.find((q) => q.definition.name === 'notifications')!.queue;

    // SES keeps its own account-level list too: an address that bounced is never tried again by it either.
    const configurationSet = new ses.ConfigurationSet(this, 'EmailConfigurationSet', {
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    const identity = new ses.EmailIdentity(this, 'EmailIdentity', {
      identity: ses.Identity.domain(props.emailDomain),
      configurationSet,
    });

    const key = new kms.Key(this, 'FeedbackKey', {
      description: 'Encrypts SES bounce and complaint events on their way to the notifications queue',
      enableKeyRotation: true,
    });
    key.grant(new iam.ServicePrincipal('ses.amazonaws.com'), 'kms:GenerateDataKey*', 'kms:Decrypt');
    const feedback = new sns.Topic(this, 'EmailFeedback', { masterKey: key, enforceSSL: true });
    configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.snsTopic(feedback),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
    feedback.addSubscription(new subscriptions.SqsSubscription(queue, { rawMessageDelivery: true }));

    const smsConfigurationSet = new smsvoice.CfnConfigurationSet(this, 'SmsConfigurationSet', {});

    const stack = Stack.of(this);
    props.sender.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          stack.formatArn({ service: 'ses', resource: 'identity', resourceName: identity.emailIdentityName }),
          stack.formatArn({
            service: 'ses',
            resource: 'configuration-set',
            resourceName: configurationSet.configurationSetName,
          }),
        ],
      }),
    );
    props.sender.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['sms-voice:SendTextMessage'],
        resources: [
          smsConfigurationSet.attrArn,
          ...(props.smsOriginationIdentityArn ? [props.smsOriginationIdentityArn] : []),
        ],
      }),
    );
    props.sender.addEnvironment('NOTIFICATIONS_FROM_EMAIL', `notifications@${props.emailDomain}`);
    props.sender.addEnvironment('SES_CONFIGURATION_SET', configurationSet.configurationSetName);
    props.sender.addEnvironment('SMS_CONFIGURATION_SET', smsConfigurationSet.ref);
    if (props.smsOriginationIdentityArn)
      props.sender.addEnvironment('SMS_ORIGINATION_IDENTITY', props.smsOriginationIdentityArn);
  }
}
