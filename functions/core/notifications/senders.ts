import { AwsService, configuredEndpoint, regionalHost } from '../aws-request';
import { config } from '../config';
import type { Channel } from './outbox';
import type { RenderedMessage } from './templates';

/**
 * The notifications port: hands one rendered message to the provider of its channel and answers the
 * provider's message id once the provider accepted it. Amazon SES v2 sends emails (SendEmail, its REST JSON
 * protocol), AWS End User Messaging SMS text messages (SendTextMessage, JSON 1.0), each without its SDK client
 * (core/aws-request.ts: the two clients were some 38 KiB of the notifications consumer, parsed at every cold import);
 * locally both point at the emulators by their endpoint variables (AWS_ENDPOINT_URL_SESV2,
 * AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2), as DynamoDB and SQS do. A provider's refusal or throttling is thrown, as
 * the SDK's error of its code: the consumer leaves the message on the queue to be tried again.
 */
export type Send = (channel: Channel, to: string, message: RenderedMessage) => Promise<string>;

/** An error answer's code (the error type header, else the body's type, without namespace or URI) and message. */
function errorOf(body: string, headers: Record<string, string>): { code?: string; message?: string } {
  let parsed: { __type?: string; code?: string; message?: string; Message?: string } = {};
  try {
    parsed = JSON.parse(body);
  } catch {
    // Not JSON (a proxy's answer): the status names the error.
  }
  const type = headers['x-amzn-errortype'] ?? parsed.__type ?? parsed.code;
  return { code: type?.split(':')[0].split('#').pop(), message: parsed.message ?? parsed.Message };
}

const ses = new AwsService('ses', 'SESv2', errorOf);
const sms = new AwsService('sms-voice', 'PinpointSMSVoiceV2', errorOf);

/** A configured endpoint (the local emulators), else the service's in the function's region. */
const endpointOf = (variable: 'SESV2' | 'PINPOINT_SMS_VOICE_V2', host: string) =>
  configuredEndpoint(variable) ?? { protocol: 'https:', hostname: regionalHost(host), path: '' };

/** The provider's answer: its message id. */
const messageIdOf = (body: Buffer) => (JSON.parse(body.toString('utf8') || '{}') as { MessageId?: string }).MessageId;

export const send: Send = async (channel, to, message) => {
  const settings = config().notifications;
  if (channel === 'email') {
    const input = {
      FromEmailAddress: settings.fromEmail,
      Destination: { ToAddresses: [to] },
      ConfigurationSetName: settings.emailConfigurationSet,
      Content: {
        Simple: {
          Subject: { Data: message.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
        },
      },
    };
    const { path, ...endpoint } = endpointOf('SESV2', 'email');
    const answer = await ses.send({
      operation: 'SendEmail',
      input,
      method: 'POST',
      url: { ...endpoint, path: `${path}/v2/email/outbound-emails` },
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    return required(messageIdOf(answer.body), 'SES');
  }
  const input = {
    DestinationPhoneNumber: to,
    MessageBody: message.text,
    MessageType: 'TRANSACTIONAL',
    OriginationIdentity: settings.smsOriginationIdentity,
    ConfigurationSetName: settings.smsConfigurationSet,
  };
  const { path, ...endpoint } = endpointOf('PINPOINT_SMS_VOICE_V2', 'sms-voice');
  const answer = await sms.send({
    operation: 'SendTextMessage',
    input,
    method: 'POST',
    url: { ...endpoint, path: path || '/' },
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'PinpointSMSVoiceV2.SendTextMessage',
    },
    body: JSON.stringify(input),
  });
  return required(messageIdOf(answer.body), 'End User Messaging SMS');
};

function required(messageId: string | undefined, provider: string): string {
  if (!messageId) throw new Error(`${provider} accepted a message without a message id`);
  return messageId;
}
