/** The accounts group's public face: what other groups (and the local platform's seed) may use of it. */
export { accountKey } from './keys';
export { findAccount, insertAccount, type Account } from './account-store';
export { issueApiKey } from './api-key-store';
