import { api, FORBIDDEN, newAccount, type TestAccount } from '../support/api';
import { logoForm } from '../support/media';
import { newPayer } from '../support/payments';
import { newLoyaltyProgram, ok, sendAsset, uniqueEmail, uniqueKey, written } from '../support/value';

const refused = (message: string) => ({ ...FORBIDDEN, message });

describe('loyalty programs', () => {
  let owner: TestAccount;
  let stranger: TestAccount;
  beforeAll(async () => {
    [owner, stranger] = await Promise.all([newAccount(), newAccount()]);
  });

  it('creates a draft, public program with no members, its join conditions and logo', async () => {
    const logo = await ok(api('POST', '/api/media-uploads', { key: owner.apiKey, form: logoForm() }));
    const res = await api('POST', '/api/loyalty-programs', {
      key: owner.apiKey,
      body: {
        name: 'Coffee Club',
        accountId: owner.accountId,
        description: 'Every tenth coffee free',
        mediaUploadId: logo.id,
        joinConditions: [
          { type: 'asset-ownership', params: { assetType: 'svc.nzd.test' } },
          { type: 'bank-account-ownership', params: { bank: 'kiwibank' } },
        ],
      },
    });
    expect(res.body).toEqual({
      id: expect.any(String),
      name: 'Coffee Club',
      description: 'Every tenth coffee free',
      mediaUploadId: logo.id,
      img: expect.stringMatching(new RegExp(`/media/${logo.id}$`)),
      accountId: owner.accountId,
      createdAt: expect.any(String),
      createdBy: expect.stringMatching(/^crn:/),
      test: true,
      status: 'draft',
      memberCount: '0',
      visibility: 'public',
      joinConditions: [
        { type: 'asset-ownership', params: { assetType: 'svc.nzd.test' } },
        { type: 'bank-account-ownership', params: { bank: 'kiwibank' } },
      ],
    });
    expect((await api('GET', `/api/loyalty-programs/${res.body.id}`, { key: owner.apiKey })).body).toEqual(res.body);
  });

  it('refuses a non-org account (INVALID_ACCOUNT_TYPE), a bad join condition, another account’s logo', async () => {
    const individual = await newAccount({ type: 'individual' });
    const res = await api('POST', '/api/loyalty-programs', {
      key: individual.apiKey,
      body: { name: 'Mine', accountId: individual.accountId },
    });
    expect(res.body).toEqual(refused('INVALID_ACCOUNT_TYPE'));
    expect(written(res)).toEqual([]);
    const condition = await api('POST', '/api/loyalty-programs', {
      key: owner.apiKey,
      body: { name: 'X', accountId: owner.accountId, joinConditions: [{ type: 'asset-ownership', params: {} }] },
    });
    expect(condition.status).toBe(400);
    const theirs = await ok(api('POST', '/api/media-uploads', { key: stranger.apiKey, form: logoForm() }));
    const logo = await api('POST', '/api/loyalty-programs', {
      key: owner.apiKey,
      body: { name: 'X', accountId: owner.accountId, mediaUploadId: theirs.id },
    });
    expect(logo.body).toEqual(refused('MEDIA_UPLOAD_INVALID'));
  });

  it('activates a draft and sets its visibility; lists an account’s programs newest first', async () => {
    const account = await newAccount();
    const first = await newLoyaltyProgram(account, { name: 'First' });
    const second = await newLoyaltyProgram(account, { name: 'Second' });
    const active = await api('POST', `/api/loyalty-programs/${first.id}/activate`, { key: account.apiKey });
    expect(active.body).toMatchObject({
      id: first.id,
      status: 'active',
      updatedAt: expect.any(String),
      updatedBy: expect.stringMatching(/^crn:/),
    });
    expect((await api('POST', `/api/loyalty-programs/${first.id}/activate`, { key: account.apiKey })).body).toEqual(
      active.body,
    );
    const unlisted = await api('PUT', `/api/loyalty-programs/${first.id}/visibility`, {
      key: account.apiKey,
      body: { visibility: 'unlisted' },
    });
    expect(unlisted.body).toMatchObject({ status: 'active', visibility: 'unlisted' });
    expect(
      (
        await api('PUT', `/api/loyalty-programs/${first.id}/visibility`, {
          key: account.apiKey,
          body: { visibility: 'hidden' },
        })
      ).status,
    ).toBe(400);
    const page1 = await api('GET', `/api/accounts/${account.accountId}/loyalty-programs?paginationLimit=1`, {
      key: account.apiKey,
    });
    expect(page1.body.items.map((p: { id: string }) => p.id)).toEqual([second.id]);
    const page2 = await api(
      'GET',
      `/api/accounts/${account.accountId}/loyalty-programs?paginationLimit=1` +
        `&pageKey=${encodeURIComponent(page1.body.nextPageKey)}`,
      { key: account.apiKey },
    );
    expect(page2.body).toEqual({ items: [unlisted.body] });
  });

  it('refuses another account, writing nothing', async () => {
    const program = await newLoyaltyProgram(owner);
    const create = await api('POST', '/api/loyalty-programs', {
      key: stranger.apiKey,
      body: { name: 'Theirs', accountId: owner.accountId },
    });
    expect(create.body).toEqual(FORBIDDEN);
    expect(written(create)).toEqual([]);
    for (const [method, path, body] of [
      ['GET', `/api/loyalty-programs/${program.id}`, undefined],
      ['GET', `/api/accounts/${owner.accountId}/loyalty-programs`, undefined],
      ['POST', `/api/loyalty-programs/${program.id}/activate`, undefined],
      ['PUT', `/api/loyalty-programs/${program.id}/visibility`, { visibility: 'unlisted' }],
    ] as const) {
      const res = await api(method, path, { key: stranger.apiKey, ...(body ? { body } : {}) });
      expect([path, res.body]).toEqual([path, FORBIDDEN]);
      expect(written(res)).toEqual([]);
    }
    expect((await api('GET', `/api/loyalty-programs/${program.id}`, { key: owner.apiKey })).body.status).toBe('draft');
  });

  it('is named by asset transfers (LOYALTY_PROGRAM_NOT_FOUND for none)', async () => {
    const sender = await newPayer('1000');
    const program = await newLoyaltyProgram(sender);
    const res = await sendAsset(sender, {
      assetId: sender.walletId,
      value: '10',
      recipientAlias: uniqueEmail(),
      loyaltyProgramId: program.id,
    });
    expect(res.body).toMatchObject({ status: 'created', loyaltyProgramId: program.id });
    const missing = await sendAsset(sender, {
      assetId: sender.walletId,
      value: '10',
      recipientAlias: uniqueEmail(),
      loyaltyProgramId: 'zzNoSuchProgramzzzzzzz',
    });
    expect(missing.body).toEqual(refused('LOYALTY_PROGRAM_NOT_FOUND'));
  });
});

describe('merchant search: hasLoyaltyProgram', () => {
  it('finds the merchants of accounts with an active, public program, listing the programs', async () => {
    const name = uniqueKey('Bakery').replace(/-/g, '');
    const merchantOf = async (account: TestAccount) =>
      ok(
        api('POST', '/api/merchants', {
          key: account.apiKey,
          body: { accountId: account.accountId, name, country: 'NZ', test: true },
        }),
      );
    const [withProgram, draftOnly, without] = await Promise.all([newAccount(), newAccount(), newAccount()]);
    const [m1] = await Promise.all([merchantOf(withProgram), merchantOf(draftOnly), merchantOf(without)]);
    const program = await newLoyaltyProgram(withProgram);
    await ok(api('POST', `/api/loyalty-programs/${program.id}/activate`, { key: withProgram.apiKey }));
    await newLoyaltyProgram(draftOnly);

    const search = (extra: string) => api('GET', `/api/merchants/search?test=true&name=${name.toLowerCase()}${extra}`);
    const found = await search('&hasLoyaltyProgram=true');
    expect(found.body).toEqual({
      totalItems: 1,
      items: [expect.objectContaining({ id: m1.id, loyaltyPrograms: [{ id: program.id, isMember: false }] })],
    });
    const all = await search('');
    expect(all.body.totalItems).toBe(3);
    expect(all.body.items.find((m: { id: string }) => m.id === m1.id).loyaltyPrograms).toEqual([
      { id: program.id, isMember: false },
    ]);
    // Unlisted programs are not found by search.
    await ok(
      api('PUT', `/api/loyalty-programs/${program.id}/visibility`, {
        key: withProgram.apiKey,
        body: { visibility: 'unlisted' },
      }),
    );
    expect((await search('&hasLoyaltyProgram=true')).body).toEqual({ totalItems: 0, items: [] });
  });
});
