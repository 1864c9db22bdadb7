import { api, FORBIDDEN, newAccount, seed, type TestAccount } from '../support/api';
import { joinByInvitation, newUser, type TestUser } from '../support/users';
import { written } from '../support/value';

/** Profiles: a signed-in user changes their own; the owners of their accounts read it. */
let org: TestAccount;
let stranger: TestAccount;
let cashier: TestUser;

const update = (user: TestUser, body: unknown) => api('POST', '/api/me/profile/update', { token: user.token, body });
const read = (userId: string, credentials: { key?: string; token?: string }) =>
  api('GET', `/api/users/${userId}/profile`, credentials);
const BAD_REQUEST = { statusCode: 400, error: 'Bad Request' };
const refused = (message: string) => ({ ...FORBIDDEN, message });

beforeAll(async () => {
  [org, stranger, cashier] = await Promise.all([
    newAccount(),
    newAccount(),
    newUser({ givenName: 'Casey', familyName: 'Cashier' }),
  ]);
  await joinByInvitation(org, cashier, 'cashier');
}, 30_000);

describe('POST /api/me/profile/update', () => {
  it('changes the fields given, and the owners of the user’s accounts read the change', async () => {
    const res = await update(cashier, { givenName: 'Cassie', marketingUpdates: true });
    expect(res.body).toEqual({
      userId: cashier.userId,
      givenName: 'Cassie',
      familyName: 'Cashier',
      featureUpdates: false,
      marketingUpdates: true,
      email: cashier.email,
      emailVerified: true,
      phoneVerified: false,
    });
    expect((await read(cashier.userId, { key: org.apiKey })).body).toEqual({
      givenName: 'Cassie',
      familyName: 'Cashier',
      featureUpdates: false,
      marketingUpdates: true,
      email: cashier.email,
    });
  });

  it('takes only the profile fields: ids, verification states and phone numbers are not the body’s', async () => {
    const user = await newUser();
    const res = await update(user, {
      featureUpdates: true,
      userId: 'someone-else',
      emailVerified: false,
      phoneVerified: true,
      phoneNumber: '+64210000099',
      memberships: 0,
    });
    expect(res.body).toMatchObject({ userId: user.userId, featureUpdates: true, emailVerified: true });
    expect(res.body).toEqual(expect.objectContaining({ phoneVerified: false }));
    expect(res.body.phoneNumber).toBeUndefined();
  });

  it('needs at least one field, and names what is wrong, writing nothing', async () => {
    const user = await newUser();
    const cases: [unknown, unknown][] = [
      [{}, 'one of givenName, familyName, featureUpdates, marketingUpdates, email is required'],
      [{ givenName: 'x'.repeat(101) }, 'givenName must NOT have more than 100 characters'],
      [{ email: 'not-an-email' }, expect.stringMatching(/^email /)],
      [{ featureUpdates: 'yes' }, 'featureUpdates must be a boolean'],
    ];
    for (const [body, message] of cases) {
      const res = await update(user, body);
      expect([body, res.body]).toEqual([body, { ...BAD_REQUEST, message }]);
      expect(written(res)).toEqual([]);
    }
  });

  it('is a signed-in user’s: an API key has no profile (USER_TOKEN_REQUIRED) and changes nothing', async () => {
    for (const key of [org.apiKey, seed().operatorApiKey]) {
      const res = await api('POST', '/api/me/profile/update', { key, body: { givenName: 'Key' } });
      expect(res.body).toEqual(refused('USER_TOKEN_REQUIRED'));
      expect(written(res)).toEqual([]);
    }
  });

  it('moves the user to a new email, unverified, and frees the old one; another user’s email is refused', async () => {
    const user = await newUser();
    const fresh = `moved${Date.now().toString(36)}@example.com`;
    const moved = await update(user, { email: fresh.toUpperCase() });
    expect(moved.body).toMatchObject({ email: fresh, emailVerified: false });
    // The old address is free again: a new user may take it.
    await expect(newUser({ email: user.email })).resolves.toMatchObject({ email: user.email });

    const taken = await update(user, { email: cashier.email, givenName: 'Not applied' });
    expect(taken.body).toEqual(refused('EMAIL_ALREADY_USED'));
    expect(written(taken)).toEqual([]);
    expect((await read(user.userId, { token: user.token })).body).toMatchObject({ email: fresh });
    expect((await read(user.userId, { token: user.token })).body.givenName).not.toBe('Not applied');
  });

  it('keeps an email given again as it is, verified', async () => {
    const user = await newUser();
    const res = await update(user, { email: user.email.toUpperCase(), familyName: 'Same' });
    expect(res.body).toMatchObject({ email: user.email, emailVerified: true, familyName: 'Same' });
  });
});

describe('GET /api/users/{userId}/profile', () => {
  it('answers the user, the operator and the owners of the user’s accounts; anyone else FORBIDDEN', async () => {
    const expected = expect.objectContaining({ email: cashier.email });
    expect((await read(cashier.userId, { token: cashier.token })).body).toEqual(expected);
    expect((await read(cashier.userId, { key: seed().operatorApiKey })).body).toEqual(expected);
    expect((await read(cashier.userId, { key: org.apiKey })).body).toEqual(expected);
    expect((await read(cashier.userId, { key: stranger.apiKey })).body).toEqual(FORBIDDEN);
    expect((await read('no-such-user', { key: seed().operatorApiKey })).body).toEqual(FORBIDDEN);
  });
});
