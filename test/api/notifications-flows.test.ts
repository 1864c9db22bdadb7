import { api, newAccount, seed, type TestAccount } from '../support/api';
import { bankStatement, DIRECT_DEBIT, newBankAccount } from '../support/bank';
import { waitFor } from '../support/clock';
import { emailsTo } from '../support/inbox';
import { newMerchant, type MerchantSetup } from '../support/payments';
import { ok, uniqueEmail } from '../support/value';
import { sendMessages } from '../../functions/core/queues';
import { derivedId } from '../../functions/core/ids';

/**
 * The notification flows beyond invitations and asset transfers (test/api/notifications.test.ts): each message
 * reaches the local inbox, its resource moves once, and a redelivered message sends nothing twice.
 */
const OPERATIONS = 'operations@payments.example.com';

/** The emails to an address whose text names a resource, once at least `count` arrived. */
async function emailsAbout(address: string, id: string, count = 1) {
  const about = async () => (await emailsTo(address)).filter((email) => email.body.text?.includes(id));
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

describe('bank account approvals', () => {
  let owner: TestAccount;
  let statement: string;
  beforeAll(async () => {
    owner = await newAccount();
    statement = await bankStatement(owner);
  });
  /** An approval of a new bank account whose direct-debit authority names `email` (none: no authority). */
  async function requestApproval(email?: string) {
    const bank = await newBankAccount(owner, {
      directDebitAuthority: email ? { ...DIRECT_DEBIT, emailAddress: email } : undefined,
    });
    const approval = await ok(
      api('POST', '/api/bank-account-approvals', {
        key: owner.apiKey,
        body: { type: 'settlement', bankAccountId: bank.id, mediaUploadId: statement },
      }),
    );
    return { bank, approval };
  }
  const read = async (id: string) => ok(api('GET', `/api/bank-account-approvals/${id}`, { key: owner.apiKey }));
  const review = (id: string, action: 'accept' | 'decline', reason: string) =>
    ok(api('POST', `/api/bank-account-approvals/${id}/${action}`, { key: seed().operatorApiKey, body: { reason } }));
  const statusOf = async (id: string, status: string) =>
    waitFor(
      () => read(id),
      (a) => a.status === status,
    );

  it('the reviewer is told one awaits review (pending), the requester the decision (done), each once', async () => {
    const requester = uniqueEmail();
    const { bank, approval } = await requestApproval(requester);
    expect(approval.status).toBe('created');

    const [notice] = await emailsAbout(OPERATIONS, approval.id);
    expect(notice.subject).toBe(`Bank account approval ${approval.id} awaits review`);
    expect(notice.body.text).toContain(`bank account ${bank.id}`);
    const pending = await statusOf(approval.id, 'pending');
    // The move is the email's, not a person's: modifiedAt and modifiedBy stay the request's.
    expect(pending).toEqual({ ...approval, status: 'pending' });

    await review(approval.id, 'accept', 'Statement <matches>');
    const [outcome] = await emailsAbout(requester, approval.id);
    expect(outcome.subject).toBe('Bank account approval approved');
    expect(outcome.body.text).toContain('Reason: Statement <matches>');
    expect(outcome.body.html).toContain('Statement &lt;matches&gt;');
    const done = await statusOf(approval.id, 'done');
    expect(done.approvalActivities.map((a: { activityType: string }) => a.activityType)).toEqual([
      'requested',
      'approved',
    ]);
    const summary = (await ok(api('GET', `/api/bank-accounts/${bank.id}`, { key: owner.apiKey }))).approvals;
    expect(summary).toEqual([{ type: 'settlement', status: 'approved', updatedAt: done.modifiedAt }]);
    expect(
      (
        await api('POST', `/api/bank-account-approvals/${approval.id}/decline`, {
          key: seed().operatorApiKey,
          body: { reason: 'late' },
        })
      ).body.message,
    ).toBe('APPROVAL_ALREADY_REVIEWED');

    // Both messages redelivered: nothing sent twice, nothing moved back. A later approval's emails show the
    // consumer ran past them.
    await redeliver('bank-account-approval', approval.id, 'approval-review');
    await redeliver('bank-account-approval', approval.id, 'approval-outcome');
    const probe = await requestApproval();
    await emailsAbout(OPERATIONS, probe.approval.id);
    expect(await emailsAbout(OPERATIONS, approval.id)).toHaveLength(1);
    expect(await emailsTo(requester)).toHaveLength(1);
    expect(await read(approval.id)).toEqual(done);
  }, 90_000);

  it('a declined one is done once its requester is told; with nobody to tell it stays declined', async () => {
    const requester = uniqueEmail();
    const told = await requestApproval(requester);
    const untold = await requestApproval();
    // The untold one first: once the other's email went out, the consumer has run past it.
    await review(untold.approval.id, 'decline', 'Names differ');
    await review(told.approval.id, 'decline', 'Names differ');
    const [outcome] = await emailsAbout(requester, told.approval.id);
    expect(outcome.subject).toBe('Bank account approval declined');
    await statusOf(told.approval.id, 'done');
    const summary = (await ok(api('GET', `/api/bank-accounts/${told.bank.id}`, { key: owner.apiKey }))).approvals;
    expect(summary).toEqual([expect.objectContaining({ status: 'declined' })]);
    expect((await read(untold.approval.id)).status).toBe('declined');
  }, 90_000);
});
