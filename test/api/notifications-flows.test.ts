import { api, newAccount } from '../support/api';
import { waitFor } from '../support/clock';
import { emailsTo } from '../support/inbox';
import { newMerchant, type MerchantSetup } from '../support/payments';
import { sendMessages } from '../../functions/core/queues';
import { derivedId } from '../../functions/core/ids';

/**
 * The notification flows beyond invitations and asset transfers (test/api/notifications.test.ts): each message
 * reaches the local inbox, its resource moves once, and a redelivered message sends nothing twice.
 */
const OPERATIONS = 'operations@payments.example.com';

/** The emails to an address whose subject names a resource, once at least `count` arrived. */
async function emailsAbout(address: string, id: string, count = 1) {
  const about = async () => (await emailsTo(address)).filter((email) => email.subject.includes(id));
  return waitFor(about, (found) => found.length >= count, 20_000);
}

/** Hands a notification to the consumer again, as a redelivery of its queue message would. */
const redeliver = (kind: string, id: string, template: string) =>
  sendMessages('notifications', [
    { body: { notificationId: derivedId(undefined, 'notification', kind, id, template) } },
  ]);

describe('integration requests', () => {
  let merchant: MerchantSetup;
  let integrator: Awaited<ReturnType<typeof newAccount>>;
  beforeAll(async () => {
    [merchant, integrator] = await Promise.all([newMerchant(), newAccount()]);
  });
  const create = (body: Record<string, unknown>) =>
    api('POST', '/api/integration-requests', {
      key: integrator.apiKey,
      body: { merchantId: merchant.merchantId, ...body },
    });
  const read = async (id: string) =>
    (await api('GET', `/api/integration-requests/${id}`, { key: integrator.apiKey })).body;

  it('are submitted to the operations desk by email; notifiedAt is set once it went out, once', async () => {
    const created = await create({ type: 'verifone', terminal: { terminalId: 'T-1001', deviceId: 'D-77' } });
    expect(created.status).toBe(200);
    expect(created.body.notifiedAt).toBeUndefined();

    const [email] = await emailsAbout(OPERATIONS, created.body.id);
    expect(email.subject).toBe(`Integration request ${created.body.id} (verifone)`);
    expect(email.body.text).toContain(`merchant ${merchant.merchantId}`);
    expect(email.body.text).toContain('Terminal: T-1001');
    expect(email.body.text).toContain('Device: D-77');
    const notified = await waitFor(
      () => read(created.body.id),
      (r) => r.notifiedAt !== undefined,
    );
    expect(notified.status).toBe('pending');

    // Redelivered: no second email, notifiedAt kept. A later request's email shows the consumer ran past it.
    await redeliver('integration-request', created.body.id, 'integration-request');
    const later = await create({ type: 'epay', product: { name: 'koha-card' } });
    await emailsAbout(OPERATIONS, later.body.id);
    expect(await emailsAbout(OPERATIONS, created.body.id)).toHaveLength(1);
    expect((await read(created.body.id)).notifiedAt).toBe(notified.notifiedAt);
  }, 60_000);

  it('bad input is refused and tells nobody', async () => {
    const terminalId = `T-${Date.now()}`;
    const bad = await create({ type: 'shopify', externalId: 'shop-1', terminal: { terminalId } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/terminal/);
    const probe = await create({ type: 'vista' });
    await emailsAbout(OPERATIONS, probe.body.id);
    expect((await emailsTo(OPERATIONS)).filter((email) => email.body.text?.includes(terminalId))).toEqual([]);
  }, 60_000);
});
