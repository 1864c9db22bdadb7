import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '../../functions/core/http/page';

/**
 * The local stand-ins of the notification providers, each with an inbox: aws-ses-v2-local, a real SES v2
 * emulator (its web page lists every email, `GET /store` as JSON), and a capture of AWS End User Messaging
 * SMS's SendTextMessage (JSON 1.0 protocol) with the same two views. The platform's SDK clients reach them
 * through AWS_ENDPOINT_URL_SESV2 and AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2, as they reach DynamoDB and SQS.
 */
export interface LocalInbox {
  mailUrl: string;
  smsUrl: string;
  environment: Record<string, string>;
  stop(): Promise<void>;
}

/** A captured text message, as `GET /store` of the SMS inbox lists it. */
export interface CapturedSms {
  messageId: string;
  to: string;
  body: string;
  originationIdentity?: string;
  at: number;
}

export async function startInbox(options: { mailPort: number; smsPort: number }): Promise<LocalInbox> {
  const { default: startSes } = await import('aws-ses-v2-local');
  const mail = await startSes({ host: '127.0.0.1', port: options.mailPort });
  const sms = await startSmsCapture(options.smsPort);
  const mailUrl = `http://127.0.0.1:${(mail.address() as AddressInfo).port}`;
  const smsUrl = `http://127.0.0.1:${(sms.address() as AddressInfo).port}`;
  return {
    mailUrl,
    smsUrl,
    environment: {
      AWS_ENDPOINT_URL_SESV2: mailUrl,
      AWS_ENDPOINT_URL_PINPOINT_SMS_VOICE_V2: smsUrl,
      LOCAL_MAIL_INBOX: mailUrl,
      LOCAL_SMS_INBOX: smsUrl,
    },
    stop: async () => {
      await Promise.all([closed(mail), closed(sms)]);
    },
  };
}

const closed = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** At most this many text messages are kept (the oldest go first): a long local run stays small. */
const KEEP = 1_000;
/** A SendTextMessage request is small; anything larger is refused unread. */
const MAX_BODY_BYTES = 64 * 1024;

function startSmsCapture(port: number): Promise<Server> {
  const messages: CapturedSms[] = [];
  const server = createServer((req, res) => {
    const reply = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (req.method === 'GET' && req.url?.startsWith('/store'))
      return reply(200, 'application/json', JSON.stringify({ messages }));
    if (req.method === 'GET' && req.url === '/') return reply(200, 'text/html; charset=utf-8', smsPage(messages));
    if (req.method !== 'POST' || req.headers['x-amz-target'] !== 'PinpointSMSVoiceV2.SendTextMessage')
      return reply(400, 'application/x-amz-json-1.0', JSON.stringify({ __type: 'UnknownOperationException' }));
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      let input: { DestinationPhoneNumber?: unknown; MessageBody?: unknown; OriginationIdentity?: unknown };
      try {
        input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return reply(400, 'application/x-amz-json-1.0', JSON.stringify({ __type: 'ValidationException' }));
      }
      if (typeof input.DestinationPhoneNumber !== 'string' || typeof input.MessageBody !== 'string')
        return reply(400, 'application/x-amz-json-1.0', JSON.stringify({ __type: 'ValidationException' }));
      const messageId = randomUUID();
      messages.push({
        messageId,
        to: input.DestinationPhoneNumber,
        body: input.MessageBody,
        ...(typeof input.OriginationIdentity === 'string' ? { originationIdentity: input.OriginationIdentity } : {}),
        at: Math.floor(Date.now() / 1000),
      });
      if (messages.length > KEEP) messages.shift();
      reply(200, 'application/x-amz-json-1.0', JSON.stringify({ MessageId: messageId }));
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

function smsPage(messages: CapturedSms[]): string {
  const rows = messages
    .slice()
    .reverse()
    .map(
      (m) =>
        `<tr><td>${new Date(m.at * 1000).toISOString()}</td><td>${escapeHtml(m.to)}</td>` +
        `<td><pre>${escapeHtml(m.body)}</pre></td></tr>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local SMS inbox</title></head>
<body><h1>Local SMS inbox</h1><p>${messages.length} text messages (newest first).</p>
<table><thead><tr><th>at</th><th>to</th><th>message</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`;
}
