/** The accounts group's public face: what other groups, the Lambda wiring and the bin/ tools may use of it. */
export { accountKey } from './entities';
export { findAccount, insertAccount } from './account-store';
export { issueApiKey, listApiKeys, setApiKeyEnabled } from './api-key-store';
export { accountDirectory } from './directory';
export { advanceAccountClock, readAccountClock, type TestClock } from './test-clock';
