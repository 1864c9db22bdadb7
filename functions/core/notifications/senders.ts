import { PinpointSMSVoiceV2Client, SendTextMessageCommand } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { config } from '../config';
import { sdkClient } from '../observability';
import type { Channel } from './outbox';
import type { RenderedMessage } from './templates';

/**
 * The notifications port: hands one rendered message to the provider of its channel and answers the
 * provider's message id once the provider accepted it. Amazon SES v2 sends emails, AWS End User Messaging
 * SMS text messages; locally both clients point at the emulators by their endpoint variables
 * (AWS_ENDPOINT_URL_SESV2, AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2), as DynamoDB and SQS do. A provider's
 * refusal or throttling is thrown: the consumer leaves the message on the queue to be tried again.
 */
export type Send = (channel: Channel, to: string, message: RenderedMessage) => Promise<string>;

let ses: SESv2Client | undefined;
let sms: PinpointSMSVoiceV2Client | undefined;

export const send: Send = async (channel, to, message) => {
  const settings = config().notifications;
  if (channel === 'email') {
    ses ??= sdkClient(new SESv2Client({}));
    const out = await ses.send(
      new SendEmailCommand({
        FromEmailAddress: settings.fromEmail,
        Destination: { ToAddresses: [to] },
        ConfigurationSetName: settings.emailConfigurationSet,
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
          },
        },
      }),
    );
    return required(out.MessageId, 'SES');
  }
  sms ??= sdkClient(new PinpointSMSVoiceV2Client({}));
  const out = await sms.send(
    new SendTextMessageCommand({
      DestinationPhoneNumber: to,
      MessageBody: message.text,
      MessageType: 'TRANSACTIONAL',
      OriginationIdentity: settings.smsOriginationIdentity,
      ConfigurationSetName: settings.smsConfigurationSet,
    }),
  );
  return required(out.MessageId, 'End User Messaging SMS');
};

function required(messageId: string | undefined, provider: string): string {
  if (!messageId) throw new Error(`${provider} accepted a message without a message id`);
  return messageId;
}
