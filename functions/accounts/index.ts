/** The accounts group's public face: what other groups may use of it. */
export { accountKey } from './keys';
