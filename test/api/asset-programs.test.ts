import { api, FORBIDDEN, newAccount, type TestAccount, type Json } from '../support/api';
import { newAssetProgram, newMembership, PROGRAM_URLS } from '../support/asset-programs';
import { newBankAccount } from '../support/bank';
import { logoForm } from '../support/media';
import { collectionManager, newCollection, ok, written } from '../support/value';

const refused = (message: string) => ({ ...FORBIDDEN, message });
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Issuer owns the programs; member (and others) join them; stranger has nothing to do with either. */
let issuer: TestAccount;
let member: TestAccount;
let stranger: TestAccount;
beforeAll(async () => {
  [issuer, member, stranger] = await Promise.all([collectionManager(), newAccount(), newAccount()]);
}, 30_000);

const newMerchantOf = (owner: TestAccount) =>
  ok(
    api('POST', '/api/merchants', {
      key: owner.apiKey,
      body: { accountId: owner.accountId, name: 'Member Cafe', country: 'NZ', test: true },
    }),
    'merchant',
  );

describe('asset programs', () => {
  it(
    'creates a published program of the account, with its ' + 'collections and logo; any account owner reads it',
    async () => {
      const [collection, logo] = await Promise.all([
        newCollection(issuer),
        ok(api('POST', '/api/media-uploads', { key: issuer.apiKey, form: logoForm() })),
      ]);
      const res = await api('POST', '/api/asset-programs', {
        key: issuer.apiKey,
        body: {
          name: 'Fuel Rewards',
          accountId: issuer.accountId,
          assetTypes: ['svc.nzd.test', 'payap-debit'],
          collectionIds: [collection.id],
          mediaUploadId: logo.id,
          ...PROGRAM_URLS,
        },
      });
      expect(res.body).toEqual({
        id: expect.stringMatching(/^ap_[1-9A-HJ-NP-Za-km-z]{22}$/),
        name: 'Fuel Rewards',
        accountId: issuer.accountId,
        assetTypes: ['svc.nzd.test', 'payap-debit'],
        collectionIds: [collection.id],
        mediaUploadId: logo.id,
        test: true,
        published: true,
        ...PROGRAM_URLS,
        createdAt: expect.stringMatching(TIMESTAMP),
        createdBy: expect.stringMatching(/^crn:/),
        updatedAt: res.body.createdAt,
        updatedBy: res.body.createdBy,
      });
      expect((await api('GET', `/api/asset-programs/${res.body.id}`, { key: issuer.apiKey })).body).toEqual(res.body);
      expect((await api('GET', `/api/asset-programs/${res.body.id}`, { key: stranger.apiKey })).body).toEqual(res.body);
    },
  );

  it('lists published programs of the caller’s liveness, newest first, a page at a time', async () => {
    const first = await newAssetProgram(issuer);
    const second = await newAssetProgram(issuer);
    const page = await api('GET', '/api/asset-programs?paginationLimit=1', { key: stranger.apiKey });
    expect(page.body.items.length).toBe(1);
    const seen = [...page.body.items];
    let nextPageKey: string | undefined = page.body.nextPageKey;
    while (nextPageKey && !seen.some((p) => p.id === first.id)) {
      const next = await api(
        'GET',
        `/api/asset-programs?paginationLimit=50&pageKey=${encodeURIComponent(nextPageKey)}`,
        { key: stranger.apiKey },
      );
      seen.push(...next.body.items);
      nextPageKey = next.body.nextPageKey;
    }
    const ids = seen.map((p) => p.id);
    expect(ids.indexOf(second.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const live = await api('GET', '/api/asset-programs?test=false', { key: stranger.apiKey });
    expect(live.body.items.every((p: { test: boolean }) => p.test === false)).toBe(true);
  });

  it(
    'refuses a non-org account (ACCOUNT_TYPE_INVALID), another account’s upload (MEDIA_UPLOAD_INVALID) or ' +
      'collection (COLLECTION_IDS_INVALID), writing nothing',
    async () => {
      const individual = await newAccount({ type: 'individual' });
      const base = { name: 'X', assetTypes: ['svc.nzd.test'], ...PROGRAM_URLS, collectionIds: [] };
      const type = await api('POST', '/api/asset-programs', {
        key: individual.apiKey,
        body: { ...base, accountId: individual.accountId },
      });
      expect(type.body).toEqual(refused('ACCOUNT_TYPE_INVALID'));
      expect(written(type)).toEqual([]);

      const theirs = await ok(api('POST', '/api/media-uploads', { key: stranger.apiKey, form: logoForm() }));
      const media = await api('POST', '/api/asset-programs', {
        key: issuer.apiKey,
        body: { ...base, accountId: issuer.accountId, mediaUploadId: theirs.id },
      });
      expect(media.body).toEqual(refused('MEDIA_UPLOAD_INVALID'));
      expect(written(media)).toEqual([]);

      const other = await collectionManager();
      const [own, foreign] = await Promise.all([newCollection(issuer), newCollection(other)]);
      for (const collectionIds of [[own.id, foreign.id], ['c_zzNoSuchResourcezzzzzz']]) {
        const res = await api('POST', '/api/asset-programs', {
          key: issuer.apiKey,
          body: { ...base, accountId: issuer.accountId, collectionIds },
        });
        expect(res.body).toEqual(refused('COLLECTION_IDS_INVALID'));
        expect(written(res)).toEqual([]);
      }
      const invalid = await api('POST', '/api/asset-programs', {
        key: issuer.apiKey,
        body: { ...base, accountId: issuer.accountId, collectionIds: ['not-a-collection'] },
      });
      expect(invalid.status).toBe(400);
    },
  );

  it(
    'refuses a program for another account, and its URL ' + 'changes to anyone but the owner, writing nothing',
    async () => {
      const res = await api('POST', '/api/asset-programs', {
        key: stranger.apiKey,
        body: {
          name: 'X',
          accountId: issuer.accountId,
          assetTypes: ['svc.nzd.test'],
          ...PROGRAM_URLS,
          collectionIds: [],
        },
      });
      expect(res.body).toEqual(FORBIDDEN);
      expect(written(res)).toEqual([]);
      const program = await newAssetProgram(issuer);
      const change = await api('POST', `/api/asset-programs/${program.id}/set-privacy-policy-url`, {
        key: stranger.apiKey,
        body: { privacyPolicyUrl: 'https://evil.example/p' },
      });
      expect(change.body).toEqual(FORBIDDEN);
      expect(written(change)).toEqual([]);
      expect(
        (await api('GET', `/api/asset-programs/${program.id}`, { key: issuer.apiKey })).body.privacyPolicyUrl,
      ).toBe(PROGRAM_URLS.privacyPolicyUrl);
    },
  );

  it('sets the privacy policy and terms of service URLs (both documented paths)', async () => {
    const program = await newAssetProgram(issuer);
    const privacy = await api('POST', `/api/asset-programs/${program.id}/set-privacy-policy-url`, {
      key: issuer.apiKey,
      body: { privacyPolicyUrl: 'https://example.com/privacy-2' },
    });
    expect(privacy.body).toMatchObject({
      id: program.id,
      privacyPolicyUrl: 'https://example.com/privacy-2',
      termsOfServiceUrl: PROGRAM_URLS.termsOfServiceUrl,
    });
    expect(privacy.body.updatedAt >= program.updatedAt).toBe(true);
    for (const path of ['terms-of-service', 'set-terms-of-service-url']) {
      const url = `https://example.com/${path}`;
      const terms = await api('POST', `/api/asset-programs/${program.id}/${path}`, {
        key: issuer.apiKey,
        body: { termsOfServiceUrl: url },
      });
      expect(terms.body).toMatchObject({
        id: program.id,
        termsOfServiceUrl: url,
        privacyPolicyUrl: 'https://example.com/privacy-2',
      });
    }
    expect(
      (
        await api('POST', `/api/asset-programs/${program.id}/terms-of-service`, {
          key: issuer.apiKey,
          body: { termsOfServiceUrl: 'ftp://x' },
        })
      ).status,
    ).toBe(400);
  });

  it(
    'answers an id of another kind (a membership id) or that no program can have exactly like a missing program: ' +
      'FORBIDDEN',
    async () => {
      for (const id of ['apm_zzNoSuchResourcezzzzzz', 'ap_zzNoSuchProgram000000000', 'ap_zzNoSuchResourcezzzzzz']) {
        expect([id, (await api('GET', `/api/asset-programs/${id}`, { key: issuer.apiKey })).body]).toEqual([
          id,
          FORBIDDEN,
        ]);
      }
    },
  );
});

describe('asset program memberships', () => {
  let program: Json;
  beforeAll(async () => {
    program = await newAssetProgram(issuer);
  }, 30_000);

  it('created → accepted (member) → approved (program owner), readable by both and listed by status', async () => {
    const joiner = await newAccount();
    const bank = await newBankAccount(joiner);
    const res = await api('POST', '/api/asset-program-memberships', {
      key: joiner.apiKey,
      body: { assetProgramId: program.id, accountId: joiner.accountId, billingBankAccountId: bank.id },
    });
    expect(res.body).toEqual({
      id: expect.stringMatching(/^apm_/),
      accountId: joiner.accountId,
      assetProgramId: program.id,
      status: 'created',
      test: true,
      tosAcceptedAt: null,
      approvedAt: null,
      billingBankAccountId: bank.id,
      createdAt: expect.stringMatching(TIMESTAMP),
      createdBy: expect.stringMatching(/^crn:/),
      updatedAt: res.body.createdAt,
      updatedBy: res.body.createdBy,
    });
    const id = res.body.id;
    const created = await api('GET', `/api/asset-programs/${program.id}/asset-program-memberships?status=created`, {
      key: issuer.apiKey,
    });
    expect(created.body.items.map((m: { id: string }) => m.id)).toContain(id);

    const accepted = await api('POST', `/api/asset-program-memberships/${id}/accept`, { key: joiner.apiKey });
    expect(accepted.body).toMatchObject({
      id,
      status: 'accepted',
      tosAcceptedAt: expect.stringMatching(TIMESTAMP),
      approvedAt: null,
    });
    const approved = await api('POST', `/api/asset-program-memberships/${id}/approve`, { key: issuer.apiKey });
    expect(approved.body).toMatchObject({
      id,
      status: 'approved',
      tosAcceptedAt: accepted.body.tosAcceptedAt,
      approvedAt: expect.stringMatching(TIMESTAMP),
    });
    // Repeating either changes nothing.
    expect((await api('POST', `/api/asset-program-memberships/${id}/approve`, { key: issuer.apiKey })).body).toEqual(
      approved.body,
    );
    expect((await api('POST', `/api/asset-program-memberships/${id}/accept`, { key: joiner.apiKey })).body).toEqual(
      approved.body,
    );

    expect((await api('GET', `/api/asset-program-memberships/${id}`, { key: joiner.apiKey })).body).toEqual(
      approved.body,
    );
    expect((await api('GET', `/api/asset-program-memberships/${id}`, { key: issuer.apiKey })).body).toEqual(
      approved.body,
    );
    const byStatus = async (status: string) =>
      (
        await api('GET', `/api/asset-programs/${program.id}/asset-program-memberships?status=${status}`, {
          key: issuer.apiKey,
        })
      ).body.items.map((m: { id: string }) => m.id);
    expect(await byStatus('approved')).toContain(id);
    expect(await byStatus('created')).not.toContain(id);
    expect(await byStatus('accepted')).not.toContain(id);
    const mine = await api('GET', `/api/accounts/${joiner.accountId}/asset-program-memberships`, {
      key: joiner.apiKey,
    });
    expect(mine.body).toEqual({ items: [approved.body] });
    expect(
      (
        await api('GET', `/api/accounts/${joiner.accountId}/asset-program-memberships?status=created`, {
          key: joiner.apiKey,
        })
      ).body,
    ).toEqual({ items: [] });
  });

  it('only the program owner approves: the member, and a stranger, are refused and nothing is written', async () => {
    const membership = await newMembership(member, (await newAssetProgram(issuer)).id, { accept: true });
    for (const key of [member.apiKey, stranger.apiKey]) {
      const res = await api('POST', `/api/asset-program-memberships/${membership.id}/approve`, { key });
      expect(res.body).toEqual(FORBIDDEN);
      expect(written(res)).toEqual([]);
    }
    const flagged = await api('POST', '/api/asset-program-memberships', {
      key: member.apiKey,
      body: {
        assetProgramId: program.id,
        accountId: member.accountId,
        billingBankAccountId: (await newBankAccount(member)).id,
        approve: true,
      },
    });
    expect(flagged.body).toEqual(FORBIDDEN);
    expect(written(flagged)).toEqual([]);
    expect(
      (await api('GET', `/api/asset-program-memberships/${membership.id}`, { key: member.apiKey })).body,
    ).toMatchObject({ status: 'accepted', approvedAt: null });
    // The program's owner may approve at once when it joins its own program.
    const own = await newMembership(issuer, program.id, { accept: true, approve: true });
    expect(own).toMatchObject({ status: 'approved', tosAcceptedAt: own.createdAt, approvedAt: own.createdAt });
  });

  it('accept: true accepts at once; an account joins a program once (MEMBERSHIP_ALREADY_EXISTS)', async () => {
    const joiner = await newAccount();
    const membership = await newMembership(joiner, program.id, { accept: true, approve: false });
    expect(membership).toMatchObject({ status: 'accepted', tosAcceptedAt: membership.createdAt, approvedAt: null });
    const again = await api('POST', '/api/asset-program-memberships', {
      key: joiner.apiKey,
      body: {
        assetProgramId: program.id,
        accountId: joiner.accountId,
        billingBankAccountId: membership.billingBankAccountId,
      },
    });
    expect(again.body).toEqual(refused('MEMBERSHIP_ALREADY_EXISTS'));
    expect(written(again)).toEqual([]);
  });

  it(
    'refuses a non-org account (ACCOUNT_TYPE_INVALID), another liveness (LIVENESS_MISMATCH), another account’s ' +
      'bank account or account, writing nothing',
    async () => {
      const individual = await newAccount({ type: 'individual' });
      const bank = await newBankAccount(member);
      const body = (accountId: string, billingBankAccountId = bank.id) => ({
        assetProgramId: program.id,
        accountId,
        billingBankAccountId,
      });
      const cases: [TestAccount, Record<string, unknown>, unknown][] = [
        [individual, body(individual.accountId), refused('ACCOUNT_TYPE_INVALID')],
        [stranger, body(stranger.accountId), FORBIDDEN],
        [stranger, body(member.accountId), FORBIDDEN],
        [member, { ...body(member.accountId), assetProgramId: 'ap_zzNoSuchResourcezzzzzz' }, FORBIDDEN],
      ];
      const live = await newAccount({ test: false });
      cases.push([live, body(live.accountId, (await newBankAccount(live)).id), refused('LIVENESS_MISMATCH')]);
      for (const [caller, payload, answer] of cases) {
        const res = await api('POST', '/api/asset-program-memberships', { key: caller.apiKey, body: payload });
        expect(res.body).toEqual(answer);
        expect(written(res)).toEqual([]);
      }
      expect(
        (
          await api('POST', '/api/asset-program-memberships', {
            key: member.apiKey,
            body: { ...body(member.accountId), assetProgramId: 'apc_wrong' },
          })
        ).status,
      ).toBe(400);
    },
  );

  it('sets the billing bank account to another of the member’s; refuses another account’s and strangers', async () => {
    const joiner = await newAccount();
    const membership = await newMembership(joiner, program.id);
    const next = await newBankAccount(joiner);
    const res = await api('POST', `/api/asset-program-memberships/${membership.id}/set-billing-bank-account`, {
      key: joiner.apiKey,
      body: { billingBankAccountId: next.id },
    });
    expect(res.body).toMatchObject({ id: membership.id, billingBankAccountId: next.id });
    const theirs = await newBankAccount(stranger);
    const cases: [string, string][] = [
      [joiner.apiKey, theirs.id],
      [stranger.apiKey, theirs.id],
      [issuer.apiKey, membership.billingBankAccountId],
    ];
    for (const [key, billingBankAccountId] of cases) {
      const refusedRes = await api('POST', `/api/asset-program-memberships/${membership.id}/set-billing-bank-account`, {
        key,
        body: { billingBankAccountId },
      });
      expect(refusedRes.body).toEqual(FORBIDDEN);
      expect(written(refusedRes)).toEqual([]);
    }
    expect(
      (await api('GET', `/api/asset-program-memberships/${membership.id}`, { key: joiner.apiKey })).body
        .billingBankAccountId,
    ).toBe(next.id);
  });

  it('keeps memberships from strangers; the program listing is its owner’s and needs a status', async () => {
    const membership = await newMembership(member, (await newAssetProgram(issuer)).id);
    expect(
      (await api('GET', `/api/asset-program-memberships/${membership.id}`, { key: stranger.apiKey })).body,
    ).toEqual(FORBIDDEN);
    const accept = await api('POST', `/api/asset-program-memberships/${membership.id}/accept`, {
      key: stranger.apiKey,
    });
    expect(accept.body).toEqual(FORBIDDEN);
    expect(written(accept)).toEqual([]);
    // The program owner approves, never accepts for the member.
    expect(
      (await api('POST', `/api/asset-program-memberships/${membership.id}/accept`, { key: issuer.apiKey })).body,
    ).toEqual(FORBIDDEN);
    expect(
      (
        await api('GET', `/api/asset-programs/${membership.assetProgramId}/asset-program-memberships?status=created`, {
          key: member.apiKey,
        })
      ).body,
    ).toEqual(FORBIDDEN);
    expect(
      (
        await api('GET', `/api/asset-programs/${membership.assetProgramId}/asset-program-memberships`, {
          key: issuer.apiKey,
        })
      ).status,
    ).toBe(400);
    expect(
      (await api('GET', `/api/accounts/${member.accountId}/asset-program-memberships`, { key: stranger.apiKey })).body,
    ).toEqual(FORBIDDEN);
  });

  it('pages a program’s memberships (default 50, paginationLimit up to 100)', async () => {
    const paged = await newAssetProgram(issuer);
    const joiners = await Promise.all([newAccount(), newAccount(), newAccount()]);
    const made = [];
    for (const joiner of joiners) made.push(await newMembership(joiner, paged.id));
    const url = (extra: string) => `/api/asset-programs/${paged.id}/asset-program-memberships?status=created${extra}`;
    const first = await api('GET', url('&paginationLimit=2'), { key: issuer.apiKey });
    expect(first.body.items.map((m: { id: string }) => m.id)).toEqual([made[2].id, made[1].id]);
    const second = await api('GET', url(`&paginationLimit=2&pageKey=${encodeURIComponent(first.body.nextPageKey)}`), {
      key: issuer.apiKey,
    });
    expect(second.body).toEqual({ items: [expect.objectContaining({ id: made[0].id })] });
    expect((await api('GET', url(''), { key: issuer.apiKey })).body.items).toHaveLength(3);
    expect((await api('GET', url('&paginationLimit=101'), { key: issuer.apiKey })).status).toBe(400);
    // A page key of one status's listing is refused by another's.
    const other = await api(
      'GET',
      `/api/asset-programs/${paged.id}/asset-program-memberships?status=approved` +
        `&pageKey=${encodeURIComponent(first.body.nextPageKey)}`,
      { key: issuer.apiKey },
    );
    expect(other.status).toBe(400);
  });
});

describe('asset program configs', () => {
  it('needs the membership approved and accepted, and a merchant of the member account; one per merchant', async () => {
    const joiner = await newAccount();
    const [program, merchant, theirMerchant] = await Promise.all([
      newAssetProgram(issuer),
      newMerchantOf(joiner),
      newMerchantOf(stranger),
    ]);
    const membership = await newMembership(joiner, program.id);
    const create = (merchantId: string, key = joiner.apiKey) =>
      api('POST', `/api/asset-program-memberships/${membership.id}/asset-program-configs`, {
        key,
        body: { merchantId },
      });

    const created = await create(merchant.id);
    expect(created.body).toEqual(refused('ASSET_PROGRAM_MEMBERSHIP_NOT_APPROVED'));
    expect(written(created)).toEqual([]);
    await ok(api('POST', `/api/asset-program-memberships/${membership.id}/approve`, { key: issuer.apiKey }));
    // Approved but not yet accepted by the member: still not in effect.
    expect((await create(merchant.id)).body).toEqual(refused('ASSET_PROGRAM_MEMBERSHIP_NOT_APPROVED'));
    await ok(api('POST', `/api/asset-program-memberships/${membership.id}/accept`, { key: joiner.apiKey }));

    const mismatch = await create(theirMerchant.id);
    expect(mismatch.body).toEqual(refused('MERCHANT_ACCOUNT_MISMATCH'));
    expect(written(mismatch)).toEqual([]);
    expect((await create('zzNoSuchResourcezzzzzz')).body).toEqual(refused('MERCHANT_ACCOUNT_MISMATCH'));
    const foreign = await create(merchant.id, stranger.apiKey);
    expect(foreign.body).toEqual(FORBIDDEN);
    expect(written(foreign)).toEqual([]);

    const res = await create(merchant.id);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^apc_/),
      accountId: joiner.accountId,
      assetProgramId: program.id,
      assetProgramMembershipId: membership.id,
      merchantId: merchant.id,
      enabled: true,
      status: 'active',
      test: true,
      createdAt: expect.stringMatching(TIMESTAMP),
      createdBy: expect.stringMatching(/^crn:/),
      updatedAt: res.body.createdAt,
      updatedBy: res.body.createdBy,
    });
    expect((await create(merchant.id)).body).toEqual(res.body);

    const path = `/api/asset-program-configs/${res.body.id}`;
    expect((await api('GET', path, { key: joiner.apiKey })).body).toEqual(res.body);
    expect((await api('GET', path, { key: issuer.apiKey })).body).toEqual(res.body);
    expect((await api('GET', path, { key: stranger.apiKey })).body).toEqual(FORBIDDEN);
    expect(
      (await api('GET', `/api/asset-programs/${program.id}/asset-program-configs`, { key: issuer.apiKey })).body,
    ).toEqual({ items: [res.body] });
    expect(
      (await api('GET', `/api/asset-programs/${program.id}/asset-program-configs`, { key: joiner.apiKey })).body,
    ).toEqual(FORBIDDEN);
    expect(
      (await api('GET', `/api/accounts/${joiner.accountId}/asset-program-configs`, { key: joiner.apiKey })).body,
    ).toEqual({ items: [res.body] });
    expect(
      (await api('GET', `/api/accounts/${joiner.accountId}/asset-program-configs`, { key: stranger.apiKey })).body,
    ).toEqual(FORBIDDEN);
  });
});
