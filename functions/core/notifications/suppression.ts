import { defineEntity, type TableKey } from '../db/entity';

/**
 * An address the platform no longer sends to, and why: a permanent bounce or a complaint reported by SES
 * (its configuration set's events reach the notifications queue), or an operator's entry
 * (`npm run admin -- suppress`). A suppressed notification is recorded as such and never sent.
 */
export interface Suppression {
  address: string;
  reason: 'bounce' | 'complaint' | 'operator';
  /** What the provider said (bounce type, feedback type), for whoever looks into it. */
  detail?: string;
  suppressedAt: string;
}

const suppressionKey = (address: string): TableKey => ({ PK: `SUPPRESSED#${address}`, SK: 'SUPPRESSED' });

const suppressionEntity = defineEntity<Suppression, [address: string]>({
  type: 'suppressed-address',
  version: 1,
  key: suppressionKey,
  keyOf: (s) => suppressionKey(s.address),
  required: ['address', 'reason', 'suppressedAt'],
});

/** Addresses compare in lower case (an email's domain is, and every mailbox we send to treats its name so). */
const normal = (address: string) => address.trim().toLowerCase();

export const findSuppression = (address: string): Promise<Suppression | undefined> =>
  suppressionEntity.get(normal(address));

/** Puts an address on the suppression list; the first reason recorded stays. */
export async function suppressAddress(entry: Suppression): Promise<void> {
  const { address, ...rest } = entry;
  await suppressionEntity.update([normal(address)], {
    setIfAbsent: { address: normal(address), ...rest },
    upsert: true,
  });
}

/**
 * An SES event (configuration set event destination → SNS → the notifications queue, raw delivery): a
 * permanent bounce or a complaint suppresses each recipient it names. Anything else is not a suppression.
 */
export function suppressionsOf(event: unknown, at: string): Suppression[] {
  const e = event as {
    eventType?: string;
    bounce?: { bounceType?: string; bounceSubType?: string; bouncedRecipients?: { emailAddress?: string }[] };
    complaint?: { complaintFeedbackType?: string; complainedRecipients?: { emailAddress?: string }[] };
  };
  const addresses = (list: { emailAddress?: string }[] | undefined) =>
    (list ?? []).flatMap((r) => (typeof r.emailAddress === 'string' ? [r.emailAddress] : []));
  if (e.eventType === 'Bounce' && e.bounce?.bounceType === 'Permanent')
    return addresses(e.bounce.bouncedRecipients).map((address) => ({
      address,
      reason: 'bounce' as const,
      detail: `Permanent/${e.bounce?.bounceSubType ?? 'General'}`,
      suppressedAt: at,
    }));
  if (e.eventType === 'Complaint')
    return addresses(e.complaint?.complainedRecipients).map((address) => ({
      address,
      reason: 'complaint' as const,
      detail: e.complaint?.complaintFeedbackType ?? 'complaint',
      suppressedAt: at,
    }));
  return [];
}

/** Whether a queue message is an SES event rather than a notification to deliver. */
export const isProviderEvent = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && 'eventType' in body && 'mail' in body;
