import { api, FORBIDDEN, newAccount, seed, type TestAccount } from '../support/api';
import { bankStatement, newBankAccount } from '../support/bank';
import { logoForm } from '../support/media';
import { waitFor } from '../support/clock';
import { ok, written } from '../support/value';

// Many bank accounts per test on a loaded machine: the 5 s default measures the machine, not the code.
jest.setTimeout(30_000);

/**
 * A bank account without a direct-debit authority: an approval an API key requests of it has nobody to tell its
 * outcome, so it stays at its decision (`done` once told: test/api/notifications-flows.test.ts).
 */
const untoldBankAccount = (owner: TestAccount) => newBankAccount(owner, { directDebitAuthority: undefined });
const refused = (message: string) => ({ ...FORBIDDEN, message });
const operator = () => seed().operatorApiKey;

const request = (owner: TestAccount, body: Record<string, unknown>) =>
  api('POST', '/api/bank-account-approvals', { key: owner.apiKey, body: { type: 'settlement', ...body } });
const review = (id: string, action: 'accept' | 'decline', body: Record<string, unknown> = {}, key = operator()) =>
  api('POST', `/api/bank-account-approvals/${id}/${action}`, { key, body });

describe('bank account approvals', () => {
  let owner: TestAccount;
  let stranger: TestAccount;
  let statement: string;
  beforeAll(async () => {
    [owner, stranger] = await Promise.all([newAccount(), newAccount()]);
    statement = await bankStatement(owner);
  });

  it(
    'requests a settlement approval with a bank statement: created, one activity, shown on the bank account and ' +
      'listed',
    async () => {
      const bank = await newBankAccount(owner);
      const res = await request(owner, { bankAccountId: bank.id, mediaUploadId: statement });
      expect(res.body).toEqual({
        id: expect.any(String),
        bankAccountId: bank.id,
        accountId: owner.accountId,
        type: 'settlement',
        status: 'created',
        mediaUploadId: statement,
        approvalActivities: [
          {
            activityNumber: 1,
            approvalId: res.body.id,
            activityType: 'requested',
            createdAt: res.body.createdAt,
            createdBy: expect.stringMatching(/^crn:/),
          },
        ],
        createdAt: expect.any(String),
        createdBy: expect.stringMatching(/^crn:/),
        modifiedAt: res.body.createdAt,
        modifiedBy: res.body.createdBy,
      });
      // `pending` once the reviewer's email went out (test/api/notifications-flows.test.ts), nothing else changed.
      const pending = { ...res.body, status: 'pending' };
      const read = await waitFor(
        async () => (await api('GET', `/api/bank-account-approvals/${res.body.id}`, { key: owner.apiKey })).body,
        (a) => a.status === 'pending',
      );
      expect(read).toEqual(pending);
      expect((await api('GET', `/api/bank-accounts/${bank.id}/approvals`, { key: owner.apiKey })).body).toEqual({
        items: [pending],
      });
      const account = await ok(api('GET', `/api/bank-accounts/${bank.id}`, { key: owner.apiKey }));
      expect(account.approvals).toEqual([{ type: 'settlement', status: 'pending', updatedAt: res.body.createdAt }]);
    },
  );

  it('takes one request in progress per bank account: APPROVAL_ALREADY_IN_PROGRESS, nothing written', async () => {
    const bank = await newBankAccount(owner);
    await ok(request(owner, { bankAccountId: bank.id, mediaUploadId: statement }));
    const again = await request(owner, { bankAccountId: bank.id, mediaUploadId: statement });
    expect(again.body).toEqual(refused('APPROVAL_ALREADY_IN_PROGRESS'));
    expect(written(again)).toEqual([]);
  });

  it('of 10 concurrent requests for one bank account, exactly one is made', async () => {
    const bank = await newBankAccount(owner);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => request(owner, { bankAccountId: bank.id, mediaUploadId: statement })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body)).toEqual(
      Array(9).fill(refused('APPROVAL_ALREADY_IN_PROGRESS')),
    );
    expect((await ok(api('GET', `/api/bank-accounts/${bank.id}/approvals`, { key: owner.apiKey }))).items).toHaveLength(
      1,
    );
  });

  it(
    'needs a bank statement of the same account ' + '(MEDIA_UPLOAD_INVALID), a mediaUploadId and the settlement type',
    async () => {
      const bank = await newBankAccount(owner);
      const logo = await ok(api('POST', '/api/media-uploads', { key: owner.apiKey, form: logoForm() }));
      const theirs = await bankStatement(stranger);
      for (const mediaUploadId of [logo.id, theirs, 'zzNoSuchUpLoadzzzzzzzz']) {
        const res = await request(owner, { bankAccountId: bank.id, mediaUploadId });
        expect(res.body).toEqual(refused('MEDIA_UPLOAD_INVALID'));
        expect(written(res)).toEqual([]);
      }
      expect((await request(owner, { bankAccountId: bank.id })).status).toBe(400);
      expect(
        (
          await request(owner, {
            bankAccountId: bank.id,
            mediaUploadId: statement,
            type: 'account-information-consent',
          })
        ).status,
      ).toBe(400);
    },
  );

  it('refuses another account’s bank account and approvals like missing ones, writing nothing', async () => {
    const bank = await newBankAccount(owner);
    const mine = await ok(request(owner, { bankAccountId: bank.id, mediaUploadId: statement }));
    const theirStatement = await bankStatement(stranger);
    const res = await request(stranger, { bankAccountId: bank.id, mediaUploadId: theirStatement });
    expect(res.body).toEqual(FORBIDDEN);
    expect(written(res)).toEqual([]);
    expect((await api('GET', `/api/bank-account-approvals/${mine.id}`, { key: stranger.apiKey })).body).toEqual(
      FORBIDDEN,
    );
    expect((await api('GET', `/api/bank-accounts/${bank.id}/approvals`, { key: stranger.apiKey })).body).toEqual(
      FORBIDDEN,
    );
    expect(
      (await api('GET', '/api/bank-account-approvals/zzNoSuchApproval000000', { key: owner.apiKey })).body,
    ).toEqual(FORBIDDEN);
  });

  it(
    'is reviewed by the operator only, once: accept, then APPROVAL_ALREADY_REVIEWED; the bank account takes a new ' +
      'request',
    async () => {
      const bank = await untoldBankAccount(owner);
      const approval = await ok(request(owner, { bankAccountId: bank.id, mediaUploadId: statement }));
      const byOwner = await review(approval.id, 'accept', {}, owner.apiKey);
      expect(byOwner.body).toEqual(FORBIDDEN);
      expect(written(byOwner)).toEqual([]);
      expect((await review(approval.id, 'accept', { reason: 'All details match' })).body).toEqual({});
      const read = await ok(api('GET', `/api/bank-account-approvals/${approval.id}`, { key: owner.apiKey }));
      expect(read.status).toBe('approved');
      expect(read.approvalActivities[1]).toEqual({
        activityNumber: 2,
        approvalId: approval.id,
        activityType: 'approved',
        reason: 'All details match',
        createdAt: read.modifiedAt,
        createdBy: expect.stringMatching(/^crn:/),
      });
      expect((await ok(api('GET', `/api/bank-accounts/${bank.id}`, { key: owner.apiKey }))).approvals).toEqual([
        { type: 'settlement', status: 'approved', updatedAt: read.modifiedAt },
      ]);
      for (const action of ['accept', 'decline'] as const) {
        const again = await review(approval.id, action, { reason: 'again' });
        expect(again.body).toEqual(refused('APPROVAL_ALREADY_REVIEWED'));
        expect(written(again)).toEqual([]);
      }
      await ok(request(owner, { bankAccountId: bank.id, mediaUploadId: statement }));
    },
  );

  it('declines with a reason only', async () => {
    const bank = await untoldBankAccount(owner);
    const approval = await ok(request(owner, { bankAccountId: bank.id, mediaUploadId: statement }));
    expect((await review(approval.id, 'decline')).status).toBe(400);
    expect((await review(approval.id, 'decline', { reason: 'No details match' })).body).toEqual({});
    const read = await ok(api('GET', `/api/bank-account-approvals/${approval.id}`, { key: owner.apiKey }));
    expect([read.status, read.approvalActivities[1].activityType, read.approvalActivities[1].reason]).toEqual([
      'declined',
      'declined',
      'No details match',
    ]);
    expect((await ok(api('GET', `/api/bank-accounts/${bank.id}`, { key: owner.apiKey }))).approvals).toEqual([
      { type: 'settlement', status: 'declined', updatedAt: read.modifiedAt },
    ]);
  });

  it('of two concurrent reviews, one wins and the other finds it reviewed', async () => {
    const bank = await newBankAccount(owner);
    const approval = await ok(request(owner, { bankAccountId: bank.id, mediaUploadId: statement }));
    const answers = await Promise.all([
      review(approval.id, 'accept'),
      review(approval.id, 'decline', { reason: 'No' }),
      review(approval.id, 'accept'),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body)).toEqual(
      Array(2).fill(refused('APPROVAL_ALREADY_REVIEWED')),
    );
    const read = await ok(api('GET', `/api/bank-account-approvals/${approval.id}`, { key: owner.apiKey }));
    expect(read.approvalActivities).toHaveLength(2);
  });
});
