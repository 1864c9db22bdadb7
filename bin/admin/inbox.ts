import type { Email } from 'aws-ses-v2-local/dist/store';
import type { CapturedSms } from '../local/inbox';

/** One message of the local inboxes as `npm run admin -- inbox` lists it: newest first, with its links. */
interface InboxEntry {
  channel: 'email' | 'sms';
  at: string;
  to: string[];
  subject?: string;
  links: string[];
}

const linksIn = (text: string) => [...new Set(text.match(/https?:\/\/[^\s"<>]+/g) ?? [])];

/**
 * What the local platform's email inbox (the SES v2 emulator) and SMS capture hold, optionally only what
 * went to one address or number; the web pages of both are named so a browser can open them.
 */
export async function readInbox(runtime: { environment: Record<string, string> }, to?: string) {
  const mailUrl = runtime.environment.LOCAL_MAIL_INBOX;
  const smsUrl = runtime.environment.LOCAL_SMS_INBOX;
  if (!mailUrl || !smsUrl) throw new Error('the running platform has no local inbox (restart `npm start`)');
  const [mail, sms] = await Promise.all([
    fetch(`${mailUrl}/store`).then((r) => r.json() as Promise<{ emails: Email[] }>),
    fetch(`${smsUrl}/store`).then((r) => r.json() as Promise<{ messages: CapturedSms[] }>),
  ]);
  const wanted = to?.toLowerCase();
  const entries: InboxEntry[] = [
    ...mail.emails.map((e) => ({
      channel: 'email' as const,
      at: new Date(e.at * 1000).toISOString(),
      to: e.destination.to,
      subject: e.subject,
      links: linksIn(e.body.text ?? e.body.html ?? ''),
    })),
    ...sms.messages.map((m) => ({
      channel: 'sms' as const,
      at: new Date(m.at * 1000).toISOString(),
      to: [m.to],
      links: linksIn(m.body),
    })),
  ]
    .filter((entry) => !wanted || entry.to.some((address) => address.toLowerCase() === wanted))
    .sort((a, b) => b.at.localeCompare(a.at));
  return { mailInbox: mailUrl, smsInbox: smsUrl, messages: entries };
}
