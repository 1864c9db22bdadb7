/** The accounts group's public face: what other groups, the Lambda wiring and the local seed may use of it. */
export { accountKey } from './keys';
export { findAccount, insertAccount } from './account-store';
export { issueApiKey } from './api-key-store';
export { accountDirectory } from './directory';
