/** The accounts group's public face: what other groups, the Lambda wiring and the bin/ tools may use of it. */
export { accountKey } from './entities';
export { accountCreation, findAccount, insertAccount } from './account-store';
export { issueApiKey, queryApiKeys, setApiKeyEnabled } from './api-key-store';
export { accountDirectory } from './directory';
export { advanceAccountClock, readAccountClock } from './test-clock';
export { createUser } from './user-store';
export {
  findMember,
  findUser,
  findUserByEmail,
  setMember,
  MAX_MEMBERS_PER_ACCOUNT,
} from './member-store';
export { MAX_MEMBERSHIPS_PER_USER } from './account-store';
export { normalEmail, type MemberRole } from './entities';
