import { UpdateCommand } from '../../functions/core/db/document';
import { createUser } from '../../functions/accounts';
import { userEntity } from '../../functions/accounts/entities';
import { untilCachedTestAccountsExpire } from '../../functions/core/auth/authenticate';
import { config } from '../../functions/core/config';
import { db } from '../../functions/core/db/client';
import { api, type TestAccount } from './api';
import { signUserToken, type IssuerKey, type TokenOptions } from '../../bin/local/user-issuer';

/** The local platform's issuer key (global-setup's platform exports it to the workers). */
function issuerKey(): IssuerKey {
  const key = process.env.LOCAL_USER_ISSUER_KEY;
  if (!key)
    throw new Error('LOCAL_USER_ISSUER_KEY not set: run API tests through jest (global setup starts the platform)');
  return JSON.parse(key) as IssuerKey;
}

/** An access token for the user from the local issuer, as the Cognito user pool would give one. */
export function userToken(userId: string, options: Partial<TokenOptions> = {}): Promise<string> {
  return signUserToken(issuerKey(), userId, {
    issuer: process.env.USER_POOL_ISSUER!,
    clientId: process.env.USER_POOL_CLIENT_ID,
    ...options,
  });
}

export interface TestUser {
  userId: string;
  email: string;
  individualAccountId: string;
  token: string;
}

let counter = 0;

/** A new user (what `npm run admin -- create-user` makes) with their individual account and an access token. */
export async function newUser(
  options: { email?: string; phoneNumber?: string; givenName?: string; familyName?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? `user${Date.now().toString(36)}${++counter}@example.com`;
  const { user, account } = await createUser(
    {
      email,
      givenName: options.givenName ?? 'Test',
      familyName: options.familyName ?? `User ${counter}`,
      phoneNumber: options.phoneNumber,
    },
    'crn::service:test',
    new Date(),
  );
  return { userId: user.id, email: user.email, individualAccountId: account.id, token: await userToken(user.id) };
}

/**
 * Makes the user a member of the account the one way a user joins one: the account invites their
 * email with the role and the user accepts. Answers the invitation.
 */
export async function joinByInvitation(
  account: TestAccount,
  user: TestUser,
  role: string,
): Promise<{ id: string; code: string }> {
  const body = {
    type: 'account-membership',
    resourceId: account.accountId,
    resourceType: 'account',
    recipientAlias: user.email,
    params: { role },
  };
  const invited = await api('POST', '/api/invitations', { key: account.apiKey, body });
  if (invited.status !== 200)
    throw new Error(`invitation to ${account.accountId} failed: ${JSON.stringify(invited.body)}`);
  const accepted = await api('POST', `/api/invitations/${invited.body.id}/accept`, {
    token: user.token,
    body: { code: invited.body.code, accountId: user.individualAccountId },
  });
  if (accepted.status !== 200)
    throw new Error(`accepting the invitation to ${account.accountId} failed: ${JSON.stringify(accepted.body)}`);
  return invited.body;
}

/**
 * Marks a user's phone verified (what the operator's `create-user --phone` records; no route changes it),
 * then waits out the principals instances cached of test accounts, so the next call sees a trusted user.
 */
export async function verifyPhone(userId: string, phoneNumber = '+64210000001'): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: config().tableName,
      Key: userEntity.key(userId),
      UpdateExpression: 'SET phoneVerified = :yes, phoneNumber = :phone',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':yes': true, ':phone': phoneNumber },
    }),
  );
  await untilCachedTestAccountsExpire(Date.now());
}
