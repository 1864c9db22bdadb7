import type { IncomingHttpHeaders } from 'node:http';
import { PinpointSMSVoiceV2Client, SendTextMessageCommand } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';

process.env.AWS_REGION = 'ap-southeast-2';
process.env.AWS_ACCESS_KEY_ID = 'AKIDTEST';
process.env.AWS_SECRET_ACCESS_KEY = 'secret';
process.env.NOTIFICATIONS_FROM_EMAIL = 'from@example.com';
process.env.SES_CONFIGURATION_SET = 'emails';
process.env.SMS_ORIGINATION_IDENTITY = 'pool-1';

import { send } from '../../functions/core/notifications/senders';
import { standInService } from '../support/stand-in-service';

/**
 * SES v2 and End User Messaging SMS without their SDK clients (functions/core/notifications/senders.ts): the request
 * each sends is the one the SDK's client sends for the same message (method, path, target, content type, body, the
 * signature's service), and an error answer is thrown under its code.
 */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}
let received: Received[] = [];
let answer: { status: number; body: string; headers?: Record<string, string> } = { status: 200, body: '' };
let close: () => void;

beforeAll(async () => {
  const service = await standInService(({ method, url, headers, text }) => {
    received.push({ method, url, headers, body: JSON.parse(text) });
    return { ...answer, headers: { 'content-type': 'application/json', ...answer.headers } };
  });
  close = service.close;
  process.env.AWS_ENDPOINT_URL_SESV2 = service.url;
  process.env.AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2 = service.url;
});
afterAll(() => close());
beforeEach(() => {
  received = [];
  answer = { status: 200, body: JSON.stringify({ MessageId: 'msg-1' }) };
});

const message = { subject: 'Your code', text: 'Code 123 ✓', html: '<p>Code 123 ✓</p>' };
/** What the comparison holds of a request: all but the headers that differ from one send to the next. */
const shape = ({ method, url, headers, body }: Received) => ({
  method,
  url,
  contentType: headers['content-type'],
  target: headers['x-amz-target'],
  scope: /Credential=AKIDTEST\/\d{8}\/([^,]+),/.exec(String(headers.authorization))?.[1],
  body,
});

describe('notification senders (core/notifications/senders.ts)', () => {
  it("send an email as the SES v2 client sends it, and answer SES's message id", async () => {
    expect(await send('email', 'to@example.com', message)).toBe('msg-1');
    await new SESv2Client({}).send(
      new SendEmailCommand({
        FromEmailAddress: 'from@example.com',
        Destination: { ToAddresses: ['to@example.com'] },
        ConfigurationSetName: 'emails',
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: message.text, Charset: 'UTF-8' }, Html: { Data: message.html, Charset: 'UTF-8' } },
          },
        },
      }),
    );
    const [ours, sdk] = received.map(shape);
    expect(ours).toEqual(sdk);
    expect(ours).toMatchObject({ url: '/v2/email/outbound-emails', scope: 'ap-southeast-2/ses/aws4_request' });
  });

  it('send a text message as the End User Messaging SMS client sends it', async () => {
    expect(await send('sms', '+64211234567', message)).toBe('msg-1');
    await new PinpointSMSVoiceV2Client({}).send(
      new SendTextMessageCommand({
        DestinationPhoneNumber: '+64211234567',
        MessageBody: message.text,
        MessageType: 'TRANSACTIONAL',
        OriginationIdentity: 'pool-1',
      }),
    );
    const [ours, sdk] = received.map(shape);
    expect(ours).toEqual(sdk);
    expect(ours).toMatchObject({
      target: 'PinpointSMSVoiceV2.SendTextMessage',
      scope: 'ap-southeast-2/sms-voice/aws4_request',
    });
  });

  it("throw a provider's refusal under its code, and a message accepted without an id", async () => {
    answer = {
      status: 400,
      body: JSON.stringify({ message: 'Email address is not verified.' }),
      headers: { 'x-amzn-errortype': 'MessageRejected:http://internal.amazon.com/coral/com.amazon.ses/' },
    };
    await expect(send('email', 'to@example.com', message)).rejects.toMatchObject({
      name: 'MessageRejected',
      message: 'Email address is not verified.',
    });
    answer = { status: 200, body: '{}' };
    await expect(send('sms', '+64211234567', message)).rejects.toThrow('accepted a message without a message id');
  });
});
