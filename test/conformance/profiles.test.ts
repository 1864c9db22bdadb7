/** Docs page "Profiles": src/content/api/profiles.mdoc and its example exchanges (experimental). */
import { api, newAccount } from '../support/api';
import { joinByInvitation, newUser } from '../support/users';
import { B, expectExchange, S, type ShapeObject } from './support';

const PROFILE: ShapeObject = { givenName: S, familyName: S, featureUpdates: B, marketingUpdates: B, email: S };
const OWN_PROFILE: ShapeObject = {
  userId: S,
  ...PROFILE,
  emailVerified: B,
  phoneNumber: S,
  phoneVerified: B,
};

describe('Profiles: documented example exchanges', () => {
  it('POST /api/me/profile/update: the signed-in user changes their names, preferences and email', async () => {
    // The example's user has a verified phone; its email is a new one here (an email is one user's only).
    const user = await newUser({ phoneNumber: '+64271112222' });
    const res = await api('POST', '/api/me/profile/update', {
      token: user.token,
      body: {
        givenName: 'John',
        familyName: 'Doe',
        featureUpdates: false,
        marketingUpdates: true,
        email: `john.doe.${Date.now().toString(36)}@example.com`,
      },
    });
    expectExchange(res, OWN_PROFILE);
    expect(res.body).toMatchObject({ userId: user.userId, givenName: 'John', phoneVerified: true });
  });

  it("GET /api/users/{userId}/profile: an owner reads a member's profile", async () => {
    const [owner, user] = await Promise.all([newAccount(), newUser({ givenName: 'John', familyName: 'Doe' })]);
    await joinByInvitation(owner, user, 'cashier');
    const res = await api('GET', `/api/users/${user.userId}/profile`, { key: owner.apiKey });
    expectExchange(res, PROFILE);
  });
});
