import { api, FORBIDDEN, newAccount, platformUrl, type TestAccount, type Json } from '../support/api';
import { newBankAccount } from '../support/bank';
import { advanceClock } from '../support/clock';
import { answerConsent, approvedCode, consentAction } from '../support/consent';
import { ok, written } from '../support/value';

// Many bank accounts per test on a loaded machine: the 5 s default measures the machine, not the code.
jest.setTimeout(30_000);

const refused = (message: string) => ({ ...FORBIDDEN, message });
const UTC_STAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/;

const createIntent = (owner: TestAccount, body: Record<string, unknown> = {}) =>
  api('POST', '/api/bank-account-connection-intents', {
    key: owner.apiKey,
    body: { accountId: owner.accountId, type: 'account-information-consent', test: true, ...body },
  });
const authorize = (owner: TestAccount, id: string, code: string) =>
  api('POST', `/api/bank-account-connection-intents/${id}/authorize`, { key: owner.apiKey, body: { code } });
const bankAccounts = async (owner: TestAccount): Promise<Json[]> =>
  ok(api('GET', `/api/accounts/${owner.accountId}/bank-accounts`, { key: owner.apiKey }));

describe('bank account connection intents', () => {
  let owner: TestAccount;
  let stranger: TestAccount;
  beforeAll(async () => {
    [owner, stranger] = await Promise.all([newAccount(), newAccount()]);
  });

  it(
    'creates a test account-information intent whose ' + 'authorizationUrl opens the simulated bank’s consent page',
    async () => {
      const res = await createIntent(owner);
      expect(res.body).toEqual({
        id: expect.any(String),
        accountId: owner.accountId,
        type: 'account-information-consent',
        status: 'created',
        createdAt: expect.stringMatching(UTC_STAMP),
        createdBy: expect.stringMatching(/^crn:/),
        updatedAt: res.body.createdAt,
        updatedBy: res.body.createdBy,
        authorizationUrl: `${platformUrl()}/bank-consent/${res.body.id}`,
        test: true,
      });
      const page = await fetch(res.body.authorizationUrl);
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const nonce = /<style nonce="([^"]+)">/.exec(html)?.[1];
      expect(page.headers.get('content-security-policy')).toBe(
        `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; ` +
          "form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      );
      expect(html).toContain('Allow access to your bank account?');
      expect(html).not.toMatch(/\son[a-z]+=|style="/);
      expect(html).toMatch(
        /<form method="post" action="\/bank-consent\/[^"]+\/approve\?token=[^"]+"><button type="submit"/,
      );
    },
  );

  it(
    'authorizes with the code the bank returns after approval (following redirects): the shared bank account is ' +
      'registered with an approved consent',
    async () => {
      const intent = await ok(createIntent(owner));
      const pending = await authorize(owner, intent.id, 'not-yet');
      expect(pending.body).toEqual(refused('AUTHORIZATION_PENDING'));
      expect(written(pending)).toEqual([]);

      const returned = await fetch(await consentAction(intent.authorizationUrl, 'approve'), { method: 'POST' });
      expect([returned.status, returned.redirected]).toEqual([200, true]);
      const code = new URL(returned.url).searchParams.get('code')!;
      expect(new URL(returned.url).pathname).toBe(`/bank-consent/${intent.id}/complete`);
      expect(await returned.text()).toContain(`<code id="authorization-code">${code}</code>`);

      const wrong = await authorize(owner, intent.id, `${code}x`);
      expect(wrong.body).toEqual(refused('AUTHORIZATION_CODE_INVALID'));
      expect(written(wrong)).toEqual([]);
      const before = (await bankAccounts(owner)).length;
      expect((await authorize(owner, intent.id, code)).body).toEqual({});
      const shared = (await bankAccounts(owner)).find((bank) =>
        bank.approvals.some((a: Json) => a.type === 'account-information-consent'),
      );
      expect((await bankAccounts(owner)).length).toBe(before + 1);
      expect(shared).toMatchObject({
        accountId: owner.accountId,
        bankAccountName: 'Test Bank Customer',
        test: true,
        status: 'created',
        approvals: [{ type: 'account-information-consent', status: 'approved' }],
      });
      const approvals = await ok(api('GET', `/api/bank-accounts/${shared.id}/approvals`, { key: owner.apiKey }));
      expect(approvals.items).toEqual([
        expect.objectContaining({
          bankAccountId: shared.id,
          accountId: owner.accountId,
          type: 'account-information-consent',
          status: 'approved',
          refreshToken: expect.any(String),
          consentId: expect.any(String),
        }),
      ]);

      // The same code again answers the same, writing nothing; the page says it was answered.
      const replay = await authorize(owner, intent.id, code);
      expect(replay.body).toEqual({});
      expect(written(replay)).toEqual([]);
      expect((await authorize(owner, intent.id, 'another')).body).toEqual(refused('AUTHORIZATION_CODE_INVALID'));
      expect(await (await fetch(intent.authorizationUrl)).text()).toContain('Already answered');
    },
  );

  it(
    'a declined consent fails the intent: AUTHORIZATION_FAILED ' + 'whatever the code, and it cannot be answered again',
    async () => {
      const intent = await ok(createIntent(owner));
      const approve = await consentAction(intent.authorizationUrl, 'approve');
      const declined = await answerConsent(intent.authorizationUrl, 'decline');
      expect([declined.status, declined.error, declined.code]).toEqual([303, 'access_denied', undefined]);
      const res = await authorize(owner, intent.id, 'anything');
      expect(res.body).toEqual(refused('AUTHORIZATION_FAILED'));
      expect(written(res)).toEqual([]);
      const late = await fetch(approve, { method: 'POST', redirect: 'manual' });
      expect(late.status).toBe(409);
    },
  );

  it(
    'an enduring payment consent names its bank account, a period (daily by default) and a limit, and lands on ' +
      'that bank account',
    async () => {
      const bank = await newBankAccount(owner);
      expect((await createIntent(owner, { type: 'enduring-payment-consent' })).status).toBe(400);
      const intent = await ok(
        createIntent(owner, {
          type: 'enduring-payment-consent',
          bankAccountId: bank.id,
          name: 'Groceries',
          totalAmount: '50000',
        }),
      );
      expect(intent).toMatchObject({
        type: 'enduring-payment-consent',
        name: 'Groceries',
        bankAccountId: bank.id,
        period: 'daily',
        totalAmount: '50000',
      });
      const html = await (await fetch(intent.authorizationUrl)).text();
      expect(html).toContain(bank.bankAccountNumber);
      expect(html).toContain('NZ$500.00');
      expect((await authorize(owner, intent.id, await approvedCode(intent.authorizationUrl))).body).toEqual({});
      const approvals = await ok(api('GET', `/api/bank-accounts/${bank.id}/approvals`, { key: owner.apiKey }));
      expect(approvals.items.map((a: Json) => [a.type, a.status])).toEqual([['enduring-payment-consent', 'approved']]);
      expect((await ok(api('GET', `/api/bank-accounts/${bank.id}`, { key: owner.apiKey }))).approvals).toEqual([
        expect.objectContaining({ type: 'enduring-payment-consent', status: 'approved' }),
      ]);
    },
  );

  it('of concurrent authorizations with the code, all answer {} and the consent is recorded once', async () => {
    const bank = await newBankAccount(owner);
    const intent = await ok(createIntent(owner, { type: 'enduring-payment-consent', bankAccountId: bank.id }));
    const code = await approvedCode(intent.authorizationUrl);
    const answers = await Promise.all(Array.from({ length: 5 }, () => authorize(owner, intent.id, code)));
    expect(answers.map((a) => a.body)).toEqual(Array(5).fill({}));
    expect((await ok(api('GET', `/api/bank-accounts/${bank.id}/approvals`, { key: owner.apiKey }))).items).toHaveLength(
      1,
    );
  });

  it('keeps name, period and totalAmount to enduring payment consents', async () => {
    for (const extra of [{ name: 'x' }, { period: 'weekly' }, { totalAmount: '100' }]) {
      const res = await createIntent(owner, extra);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`${Object.keys(extra)[0]} is only for enduring-payment-consent`);
    }
  });

  it('refuses liveness that differs (LIVENESS_MISMATCH) and live intents, which no real bank serves here', async () => {
    const live = await newAccount({ test: false });
    const liveBank = await newBankAccount(live, { test: false });
    const mismatch = await createIntent(live, {
      type: 'enduring-payment-consent',
      bankAccountId: liveBank.id,
      test: true,
    });
    expect(mismatch.body).toEqual(refused('LIVENESS_MISMATCH'));
    expect(written(mismatch)).toEqual([]);
    expect((await createIntent(owner, { test: false })).body).toEqual(refused('LIVENESS_MISMATCH'));
    const unavailable = await createIntent(live, { test: undefined });
    expect(unavailable.body).toEqual(refused('LIVE_BANK_CONNECTIONS_UNAVAILABLE'));
    expect(written(unavailable)).toEqual([]);
  });

  it('refuses another account, its bank account and its intents like missing ones, writing nothing', async () => {
    const mine = await ok(createIntent(owner));
    const forOwner = await createIntent(stranger, { accountId: owner.accountId });
    expect(forOwner.body).toEqual(FORBIDDEN);
    expect(written(forOwner)).toEqual([]);
    const bank = await newBankAccount(owner);
    expect((await createIntent(stranger, { type: 'enduring-payment-consent', bankAccountId: bank.id })).body).toEqual(
      FORBIDDEN,
    );
    const code = await approvedCode(mine.authorizationUrl);
    const theirs = await authorize(stranger, mine.id, code);
    expect(theirs.body).toEqual(FORBIDDEN);
    expect(written(theirs)).toEqual([]);
    expect((await authorize(owner, 'zzNoSuchJntentzzzzzzzz', code)).body).toEqual(FORBIDDEN);
  });

  it('answers only with the page’s token for that answer and intent, and never from another site', async () => {
    const intent = await ok(createIntent(owner));
    const other = await ok(createIntent(owner));
    const approve = await consentAction(intent.authorizationUrl, 'approve');
    const decline = await consentAction(intent.authorizationUrl, 'decline');
    const token = new URL(approve).searchParams.get('token')!;
    const post = (url: string, headers: Record<string, string> = {}) =>
      fetch(url, { method: 'POST', redirect: 'manual', headers });
    expect((await post(`${platformUrl()}/bank-consent/${intent.id}/approve`)).status).toBe(403);
    expect(
      (await post(`${platformUrl()}/bank-consent/${intent.id}/decline?token=${encodeURIComponent(token)}`)).status,
    ).toBe(403);
    expect(
      (await post(`${platformUrl()}/bank-consent/${other.id}/approve?token=${encodeURIComponent(token)}`)).status,
    ).toBe(403);
    expect((await post(approve, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post(decline, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await authorize(owner, intent.id, 'x')).body).toEqual(refused('AUTHORIZATION_PENDING'));
    expect((await fetch(`${platformUrl()}/bank-consent/zzNoSuchIntent00000000`)).status).toBe(404);
  });

  it('a code is good for 10 minutes on the account’s clock', async () => {
    const clocked = await newAccount();
    const intent = await ok(createIntent(clocked));
    const code = await approvedCode(intent.authorizationUrl);
    await advanceClock(clocked.accountId, 10 * 60 + 1);
    expect((await authorize(clocked, intent.id, code)).body).toEqual(refused('AUTHORIZATION_CODE_INVALID'));
  });
});
