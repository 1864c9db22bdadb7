import type { Email } from 'aws-ses-v2-local/dist/store';
import type { CapturedSms } from '../../bin/local/inbox';
import { waitFor } from './clock';

/** The local platform's inboxes (bin/local/inbox.ts), which global setup's platform exported to the workers. */
function inboxUrl(variable: 'LOCAL_MAIL_INBOX' | 'LOCAL_SMS_INBOX'): string {
  const url = process.env[variable];
  if (!url) throw new Error(`${variable} not set: run API tests through jest (global setup starts the platform)`);
  return url;
}

/** Every email the SES v2 emulator accepted for an address. */
export async function emailsTo(address: string): Promise<Email[]> {
  const store = (await (await fetch(`${inboxUrl('LOCAL_MAIL_INBOX')}/store`)).json()) as { emails: Email[] };
  return store.emails.filter((email) => email.destination.to.includes(address));
}

/** Every text message the SMS capture accepted for a number. */
export async function textsTo(phoneNumber: string): Promise<CapturedSms[]> {
  const store = (await (await fetch(`${inboxUrl('LOCAL_SMS_INBOX')}/store`)).json()) as { messages: CapturedSms[] };
  return store.messages.filter((message) => message.to === phoneNumber);
}

/** The first email to an address, once the notifications consumer sent it. */
export async function firstEmailTo(address: string): Promise<Email> {
  const emails = await waitFor(
    () => emailsTo(address),
    (found) => found.length > 0,
    20_000,
  );
  if (!emails.length) throw new Error(`no email reached ${address}`);
  return emails[0];
}

/** The links of a message's text, in order. */
export const linksIn = (text: string): string[] => text.match(/https?:\/\/[^\s"<>]+/g) ?? [];
