import { api, newAccount, platformUrl, seed } from '../support/api';
import { waitFor } from '../support/clock';
import { emailsTo, firstEmailTo, linksIn, textsTo } from '../support/inbox';
import { newMerchant, newPayer, type Payer } from '../support/payments';
import { newUser } from '../support/users';
import { sendAsset, uniqueEmail, verifyAlias } from '../support/value';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sendMessages } from '../../functions/core/queues';

const ROOT = join(__dirname, '..', '..');

/**
 * `npm run admin -- …` against the test platform: its published runtime (what `npm start` writes in its state
 * folder) written for it, naming the inboxes and the table.
 */
async function admin(...args: string[]) {
  const stateDir = mkdtempSync(join(tmpdir(), 'notify-admin-'));
  try {
    const environment = Object.fromEntries(
      ['LOCAL_MAIL_INBOX', 'LOCAL_SMS_INBOX', 'AWS_ENDPOINT_URL_SQS'].map((name) => [name, process.env[name]!]),
    );
    const runtime = {
      url: platformUrl(),
      inMemory: true,
      dynamoDbEndpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB,
      tableName: process.env.TABLE_NAME,
      region: process.env.AWS_REGION,
      pid: process.pid,
      environment,
      userIssuerKey: JSON.parse(process.env.LOCAL_USER_ISSUER_KEY!),
    };
    writeFileSync(join(stateDir, 'runtime.json'), JSON.stringify(runtime));
    const { stdout } = await promisify(execFile)(
      join(ROOT, 'node_modules', '.bin', 'tsx'),
      [join(ROOT, 'bin', 'admin.ts'), ...args, '--state-dir', stateDir, '--json'],
      { cwd: ROOT, env: process.env },
    );
    return JSON.parse(stdout);
  } finally {
    rmSync(stateDir, { recursive: true, force: true });
  }
}

/**
 * Notifications through the local SES v2 emulator and SMS capture (bin/local/inbox.ts): queued with the
 * change that calls for them, sent by the notifications consumer, which then moves the resource once.
 */
const invite = (org: { accountId: string; apiKey: string }, recipientAlias: string, role = 'cashier') =>
  api('POST', '/api/invitations', {
    key: org.apiKey,
    body: {
      type: 'account-membership',
      resourceId: org.accountId,
      resourceType: 'account',
      recipientAlias,
      params: { role },
    },
  });
const invitationOf = async (org: { accountId: string; apiKey: string }, id: string) =>
  (await api('GET', `/api/accounts/${org.accountId}/invitations`, { key: org.apiKey })).body.items.find(
    (i: { id: string }) => i.id === id,
  );
const transfer = (sender: Payer, id: string) => api('GET', `/api/asset-transfers/${id}`, { key: sender.apiKey });

describe('invitation emails', () => {
  it('reach the recipient with a link to our invitation page; accepting it makes them a cashier', async () => {
    const shop = await newMerchant();
    const email = uniqueEmail();
    const created = await invite(shop.owner, email);
    expect(created.body.status).toBe('created');

    const message = await firstEmailTo(email);
    expect(message.subject).toMatch(/^Join /);
    expect(message.body.html).toContain('<a href="');
    const links = linksIn(message.body.text ?? '');
    expect(links).toEqual([`${platformUrl()}/invitations/${created.body.id}?code=${created.body.code}`]);
    // The invitation moved to `sent` once the emulator accepted the email.
    const sent = await waitFor(
      () => invitationOf(shop.owner, created.body.id),
      (i) => i.status === 'sent',
    );
    expect(sent.status).toBe('sent');

    // The link opens our page, which shows what the invitation is and how to accept it.
    const page = await fetch(links[0]);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await page.text();
    expect(html).toContain(`/api/invitations/${created.body.id}/accept`);
    expect(html).toContain(created.body.code);

    const user = await newUser({ email });
    const accepted = await api('POST', `/api/invitations/${created.body.id}/accept`, {
      token: user.token,
      body: { code: new URL(links[0]).searchParams.get('code'), accountId: user.individualAccountId },
    });
    expect(accepted.status).toBe(200);
    const pay = await api('POST', '/api/payment-requests', {
      token: user.token,
      account: shop.owner.accountId,
      body: { configId: shop.configId, value: { currency: 'NZD', amount: '500' } },
    });
    expect(pay.status).toBe(200);
    expect(pay.body.status).toBe('new');
    // Exactly one email, and the page closes once the invitation is accepted.
    expect(await emailsTo(email)).toHaveLength(1);
    expect((await fetch(links[0])).status).toBe(404);
    // A merchant, a user and two waits for the consumer: longer than one call on a loaded machine.
  }, 90_000);

  it('the page shows nothing without the right code', async () => {
    const org = await newAccount();
    const created = await invite(org, uniqueEmail());
    const wrong = await fetch(`${platformUrl()}/invitations/${created.body.id}?code=${seed().accountId}`);
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).not.toContain(created.body.code);
    const bad = await fetch(`${platformUrl()}/invitations/${created.body.id}?code=${'x'.repeat(500)}`);
    expect(bad.status).toBe(400);
  });

  it('bad input writes and sends nothing', async () => {
    const org = await newAccount();
    const email = uniqueEmail();
    const res = await invite(org, email, 'emperor');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/role/);
    const other = await invite(org, 'not-an-email');
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/recipientAlias/);
    // A valid invitation sent afterwards is the only email that address ever gets.
    await invite(org, email);
    await firstEmailTo(email);
    expect(await emailsTo(email)).toHaveLength(1);
  });
});

describe('asset transfers to an alias', () => {
  let sender: Payer;
  beforeAll(async () => {
    sender = await newPayer('100000');
  });

  it('are sent by email with the claim link; the alias owner claims once', async () => {
    const alias = uniqueEmail();
    const created = await sendAsset(sender, {
      assetId: sender.walletId,
      value: '1250',
      recipientAlias: alias,
      senderName: 'Corner <Cafe>',
      message: 'Thanks!',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ status: 'created', url: `${platformUrl()}/transfer/${created.body.id}` });
    expect(created.body.lastSentTo).toBeUndefined();

    const message = await firstEmailTo(alias);
    expect(message.subject).toBe('Corner <Cafe> sent you NZD 12.50');
    expect(message.body.html).toContain('Corner &lt;Cafe&gt;');
    expect(linksIn(message.body.text ?? '')).toEqual([created.body.url]);
    const sent = await waitFor(
      async () => (await transfer(sender, created.body.id)).body,
      (t) => t.status === 'sent',
    );
    expect(sent).toMatchObject({ status: 'sent', lastSentTo: sent.recipientAlias });

    // Someone else cannot claim it through the link; the account the alias is verified for can, once.
    const stranger = await newAccount({ type: 'individual' });
    const refused = await api('POST', `/api/asset-transfers/${created.body.id}/claim`, { key: stranger.apiKey });
    expect(refused.body.message).toBe('ASSET_TRANSFER_INVALID_RECIPIENT');
    const recipient = await newAccount({ type: 'individual' });
    await verifyAlias(recipient.accountId, alias);
    const claimed = await api('POST', `/api/asset-transfers/${created.body.id}/claim`, { key: recipient.apiKey });
    expect(claimed.body).toMatchObject({ status: 'claimed', claimedByAccountId: recipient.accountId });
    const again = await api('POST', `/api/asset-transfers/${created.body.id}/claim`, { key: recipient.apiKey });
    expect(again.body.message).toBe('ASSET_TRANSFER_INVALID_STATUS');
    expect(await emailsTo(alias)).toHaveLength(1);
  });

  it('to a phone number go by text message', async () => {
    const phone = `+6421${String(Date.now()).slice(-7)}`;
    const created = await sendAsset(sender, { assetId: sender.walletId, value: '300', recipientAlias: phone });
    const texts = await waitFor(
      () => textsTo(phone),
      (found) => found.length > 0,
      20_000,
    );
    expect(texts).toHaveLength(1);
    expect(texts[0].body).toContain(`${platformUrl()}/transfer/${created.body.id}`);
    const sent = await waitFor(
      async () => (await transfer(sender, created.body.id)).body,
      (t) => t.status === 'sent',
    );
    expect(sent.lastSentTo).toBe(sent.recipientAlias);
  });

  it('with suppressNotification stay created and send nothing', async () => {
    const alias = uniqueEmail();
    const created = await sendAsset(sender, {
      assetId: sender.walletId,
      value: '100',
      recipientAlias: alias,
      suppressNotification: true,
    });
    // A notified transfer sent after it shows the consumer has run past it.
    const later = uniqueEmail();
    await sendAsset(sender, { assetId: sender.walletId, value: '100', recipientAlias: later });
    await firstEmailTo(later);
    expect(await emailsTo(alias)).toHaveLength(0);
    expect((await transfer(sender, created.body.id)).body.status).toBe('created');
  });

  it('are listed by `admin inbox` with their links; an address the operator suppresses is sent nothing', async () => {
    const alias = uniqueEmail();
    const created = await sendAsset(sender, { assetId: sender.walletId, value: '200', recipientAlias: alias });
    await firstEmailTo(alias);
    const inbox = await admin('inbox', '--to', alias);
    expect(inbox).toMatchObject({
      mailInbox: process.env.LOCAL_MAIL_INBOX,
      smsInbox: process.env.LOCAL_SMS_INBOX,
      messages: [{ channel: 'email', to: [alias], links: [created.body.url] }],
    });

    const quiet = uniqueEmail();
    expect(await admin('suppress', '--to', quiet, '--reason', 'bounce')).toMatchObject({
      address: quiet,
      reason: 'bounce',
    });
    const held = await sendAsset(sender, { assetId: sender.walletId, value: '100', recipientAlias: quiet });
    const next = uniqueEmail();
    await sendAsset(sender, { assetId: sender.walletId, value: '100', recipientAlias: next });
    await firstEmailTo(next);
    expect((await admin('inbox', '--to', quiet)).messages).toEqual([]);
    expect((await transfer(sender, held.body.id)).body.status).toBe('created');
  }, 90_000);

  it('to a bounced address are not sent: the transfer stays created', async () => {
    const alias = uniqueEmail();
    // What SES reports through the configuration set's event destination.
    await sendMessages('notifications', [
      {
        body: {
          eventType: 'Bounce',
          mail: { destination: [alias] },
          bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: alias }] },
        },
      },
    ]);
    const probe = uniqueEmail();
    await sendAsset(sender, { assetId: sender.walletId, value: '100', recipientAlias: probe });
    await firstEmailTo(probe);
    const created = await sendAsset(sender, { assetId: sender.walletId, value: '100', recipientAlias: alias });
    const next = uniqueEmail();
    await sendAsset(sender, { assetId: sender.walletId, value: '100', recipientAlias: next });
    await firstEmailTo(next);
    expect(await emailsTo(alias)).toHaveLength(0);
    expect((await transfer(sender, created.body.id)).body.status).toBe('created');
  });
});
