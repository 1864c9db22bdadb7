import { randomUUID } from 'node:crypto';
import { isoTimestamp } from '../core/clock';
import { runTransaction } from '../core/db/transaction';
import { businessRule } from '../core/errors/classes';
import { accountCreation, type Account } from './account-store';
import { normalEmail, userEmailEntity, userEntity, type User } from './entities';

export interface NewUser {
  email: string;
  givenName?: string;
  familyName?: string;
  /** A phone number the operator vouches is verified: it makes the user a trusted user. */
  phoneNumber?: string;
  /** The id the user already has at the issuer (the Cognito user's `sub`); else a new UUID. */
  id?: string;
}

/**
 * Makes a user (id: a UUID, the `sub` of their access tokens) with their individual account, of
 * which they are the owner, in one transaction; an email is one user's only (EMAIL_ALREADY_USED).
 */
export async function createUser(
  input: NewUser,
  createdBy: string,
  now: Date,
): Promise<{ user: User; account: Account }> {
  const at = isoTimestamp(now);
  const id = input.id ?? randomUUID();
  const name = [input.givenName, input.familyName].filter(Boolean).join(' ') || normalEmail(input.email);
  const { steps, account } = accountCreation({ name, type: 'individual', owner: id }, createdBy, now);
  const user: User = {
    id,
    email: normalEmail(input.email),
    ...(input.givenName ? { givenName: input.givenName } : {}),
    ...(input.familyName ? { familyName: input.familyName } : {}),
    ...(input.phoneNumber ? { phoneNumber: input.phoneNumber } : {}),
    phoneVerified: input.phoneNumber !== undefined,
    emailVerified: true,
    featureUpdates: false,
    marketingUpdates: false,
    individualAccountId: account.id,
    memberships: 1,
    createdAt: at,
    createdBy,
    modifiedAt: at,
    modifiedBy: createdBy,
  };
  await runTransaction([
    userEntity.createStep(user, { onExists: () => businessRule('USER_ALREADY_EXISTS') }),
    userEmailEntity.createStep(
      { email: user.email, userId: id },
      { onExists: () => businessRule('EMAIL_ALREADY_USED') },
    ),
    ...steps,
  ]);
  return { user, account };
}
