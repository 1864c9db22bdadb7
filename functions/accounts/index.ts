/** The accounts group's public face: what other groups, the Lambda wiring and the bin/ tools may use of it. */
export { accountKey } from './entities';
export { accountCreation, findAccount, insertAccount, type NewAccount } from './account-store';
export { issueApiKey, queryApiKeys, setApiKeyEnabled } from './api-key-store';
export { accountDirectory } from './directory';
export { advanceAccountClock, readAccountClock, type TestClock } from './test-clock';
export { createUser, type NewUser } from './user-store';
export {
  findMember,
  findUser,
  findUserByEmail,
  setMember,
  MAX_MEMBERS_PER_ACCOUNT,
  type MemberView,
} from './member-store';
export { MAX_MEMBERSHIPS_PER_USER } from './account-store';
export { normalEmail, type MemberRole, type User } from './entities';
