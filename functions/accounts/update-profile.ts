import type { FromSchema } from 'json-schema-to-ts';
import { isoTimestamp } from '../core/clock';
import { retryOnConflict, runTransaction, TransactionConflictError } from '../core/db/transaction';
import { badRequest, businessRule, forbidden } from '../core/errors/classes';
import { authedOperation } from '../core/http/operation';
import { normalEmail, userEmailEntity, userEntity, type User } from './entities';
import { findUser } from './member-store';
import { presentOwnProfile } from './profile-views';
import type { updateProfileBody } from './schemas';

type Body = FromSchema<typeof updateProfileBody>;

/** The fields a user changes of their own profile; nothing else of the body is taken. */
const FIELDS = ['givenName', 'familyName', 'featureUpdates', 'marketingUpdates', 'email'] as const;

/**
 * The signed-in user changes their own profile (an API key has none: USER_TOKEN_REQUIRED). A new email is the user's
 * alone (EMAIL_ALREADY_USED) and unverified until the identity provider verifies it, so it accepts no invitation
 * meanwhile; its guard moves with it in one transaction, conditional on the email read (a race re-reads).
 */
export const updateProfile = authedOperation<Body>(async ({ body, auth, now }) => {
  const { userId, crn } = auth.principal;
  if (auth.principal.kind !== 'user' || !userId) throw businessRule('USER_TOKEN_REQUIRED');
  const changes: Partial<User> = {};
  for (const field of FIELDS) if (body[field] !== undefined) Object.assign(changes, { [field]: body[field] });
  if (Object.keys(changes).length === 0) throw badRequest(`one of ${FIELDS.join(', ')} is required`);
  return retryOnConflict(() => applyChanges(userId, changes, crn, now));
});

async function applyChanges(userId: string, changes: Partial<User>, crn: string, now: Date) {
  const user = await findUser(userId);
  if (!user) throw forbidden();
  const set: Record<string, unknown> = { ...changes, modifiedAt: isoTimestamp(now), modifiedBy: crn };
  const email = changes.email === undefined ? user.email : normalEmail(changes.email);
  if (email === user.email) {
    delete set.email;
    return presentOwnProfile(await userEntity.update([userId], { set }));
  }
  Object.assign(set, { email, emailVerified: false });
  const sameEmail = { expression: 'email = :email', values: { ':email': user.email } };
  await runTransaction([
    userEntity.updateStep([userId], { set, if: sameEmail, onConditionFailed: () => new TransactionConflictError() }),
    userEmailEntity.removeStep([user.email], { if: { expression: 'userId = :me', values: { ':me': userId } } }),
    userEmailEntity.createStep({ email, userId }, { onExists: () => businessRule('EMAIL_ALREADY_USED') }),
  ]);
  return presentOwnProfile({ ...user, ...set } as User);
}
